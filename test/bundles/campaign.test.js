require('./runFolder').runFolder('campaign');
