require('./runFolder').runFolder('upgrade');
