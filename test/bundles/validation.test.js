require('./runFolder').runFolder('validation');
