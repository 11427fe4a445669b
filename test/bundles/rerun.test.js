require('./runFolder').runFolder('rerun');
