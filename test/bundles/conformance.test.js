require('./runFolder').runFolder('conformance');
