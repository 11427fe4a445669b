require('./runFolder').runFolder('trigger');
