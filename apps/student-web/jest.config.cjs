module.exports = {
  ...require('../../jest.config.web.js'),
  // components import their stylesheets, which Vite bundles; a test renders without them
  moduleNameMapper: { '\\.css$': '<rootDir>/src/testing/stylesheet.cjs' },
};
