require('./runFolder').runFolder('callType');
