require('./runFolder').runFolder('architecture');
