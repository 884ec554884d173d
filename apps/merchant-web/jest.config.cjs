const web = require('../../jest.config.web.js');

module.exports = {
  ...web,
  // every test renders with the portal's message catalogues loaded (in English unless it switches)
  setupFilesAfterEnv: [...web.setupFilesAfterEnv, '<rootDir>/src/testing/i18n.ts'],
  // the kit's offer form imports the shared stylesheets, which Vite bundles; a test renders without them
  moduleNameMapper: { '\\.css$': require.resolve('@tullab/ui/jest-stylesheet') },
};
