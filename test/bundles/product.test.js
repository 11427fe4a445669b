require('./runFolder').runFolder('product');
