require('./runFolder').runFolder('callRate');
