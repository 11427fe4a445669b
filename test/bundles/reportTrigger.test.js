require('./runFolder').runFolder('reportTrigger');
