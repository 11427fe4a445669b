require('./runFolder').runFolder('evaluation');
