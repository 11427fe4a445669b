require('./runFolder').runFolder('lead');
