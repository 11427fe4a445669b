require('./runFolder').runFolder('bundle');
