require('./runFolder').runFolder('review');
