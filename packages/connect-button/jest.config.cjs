const web = require('../../jest.config.web.js');

// The element's tests run in jsdom beside the code; test/ checks the built script (in Node, its own docblock says).
module.exports = { ...web, testMatch: [...web.testMatch, '<rootDir>/test/**/*.test.ts'] };
