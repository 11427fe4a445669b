require('./runFolder').runFolder('account');
