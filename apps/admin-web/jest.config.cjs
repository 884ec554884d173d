module.exports = require('../../jest.config.web.js');
