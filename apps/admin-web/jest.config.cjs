const web = require('../../jest.config.web.js');

/** react-admin's menu needs react-hotkeys-hook, published as ES modules only: SWC compiles it like our code. */
module.exports = {
  ...web,
  transformIgnorePatterns: ['/node_modules/(?!react-hotkeys-hook/)'],
  // the shared offer card imports its stylesheets, which Vite bundles; a test renders without them
  moduleNameMapper: { '\\.css$': require.resolve('@tullab/ui/jest-stylesheet') },
};
