require('./runFolder').runFolder('package');
