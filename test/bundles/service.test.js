require('./runFolder').runFolder('service');
