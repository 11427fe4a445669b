// Small folders in one jest file: n8n's modules loaded once for them all (runFolder.js says why).
require('./runFolder').runFolder('credentials', 'editor', 'loaders', 'locators');
