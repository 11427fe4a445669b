require('./runFolder').runFolder('report');
