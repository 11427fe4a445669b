require('./runFolder').runFolder('order');
