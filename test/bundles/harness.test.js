require('./runFolder').runFolder('harness');
