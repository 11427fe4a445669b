require('./runFolder').runFolder('ssrf');
