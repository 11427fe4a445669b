require('./runFolder').runFolder('locators');
