require('./runFolder').runFolder('demo');
