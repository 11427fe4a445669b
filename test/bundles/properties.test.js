require('./runFolder').runFolder('properties');
