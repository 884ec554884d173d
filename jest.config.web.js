// Front-end (apps/*) unit tests: TS/TSX through SWC with the React automatic runtime. Tests run in
// jsdom, so components render with Testing Library; logic tests need nothing more.
const base = require('./jest.config.base.js');

const jsc = (tsx) => ({
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', tsx },
    transform: { react: { runtime: 'automatic' } },
  },
});

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testEnvironment: require.resolve('./jest.environment.web.js'),
  setupFilesAfterEnv: [require.resolve('./jest.setup.web.js')],
  transform: {
    '^.+\\.tsx$': ['@swc/jest', jsc(true)],
    '^.+\\.(ts|js)$': ['@swc/jest', jsc(false)],
  },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
};
