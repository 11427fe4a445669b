require('./runFolder').runFolder('customer');
