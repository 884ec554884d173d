/* global module, require */
// eslint-disable-next-line @typescript-eslint/no-require-imports
module.exports = { ...require('../../jest.config.base.js') };
