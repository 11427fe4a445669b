require('./runFolder').runFolder('transport');
