require('./runFolder').runFolder('qualification');
