require('./runFolder').runFolder('serviceType');
