require('./runFolder').runFolder('timeline');
