require('./runFolder').runFolder('sandbox');
