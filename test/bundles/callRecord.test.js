require('./runFolder').runFolder('callRecord');
