require('./runFolder').runFolder('loaders');
