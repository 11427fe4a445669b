require('./runFolder').runFolder('docs');
