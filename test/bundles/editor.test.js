require('./runFolder').runFolder('editor');
