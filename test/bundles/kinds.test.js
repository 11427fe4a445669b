require('./runFolder').runFolder('kinds');
