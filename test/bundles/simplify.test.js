require('./runFolder').runFolder('simplify');
