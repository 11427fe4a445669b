require('./runFolder').runFolder('simulator');
