require('./runFolder').runFolder('secrets');
