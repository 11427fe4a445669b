require('./runFolder').runFolder('unreadable');
