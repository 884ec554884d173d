// Relative imports name the built file (`./errors.js`, as ES modules need); the tests run the TypeScript beside it.
const base = require('../../jest.config.base.js');

/** @type {import('jest').Config} */
module.exports = { ...base, moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' } };
