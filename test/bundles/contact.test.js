require('./runFolder').runFolder('contact');
