require('./runFolder').runFolder('spec');
