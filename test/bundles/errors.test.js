require('./runFolder').runFolder('errors');
