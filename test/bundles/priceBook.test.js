require('./runFolder').runFolder('priceBook');
