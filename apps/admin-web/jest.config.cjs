const web = require('../../jest.config.web.js');

/** react-admin's menu needs react-hotkeys-hook, published as ES modules only: SWC compiles it like our code. */
module.exports = {
  ...web,
  transformIgnorePatterns: ['/node_modules/(?!react-hotkeys-hook/)'],
};
