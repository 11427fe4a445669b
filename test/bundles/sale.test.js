require('./runFolder').runFolder('sale');
