require('./runFolder').runFolder('credentials');
