// Front-end (apps/*) unit tests: TS/TSX through SWC with the React automatic runtime. jest-environment-jsdom is not
// installed, so tests run in node: pure logic, route tables, and markup rendered with react-dom/server.
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
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx$': ['@swc/jest', jsc(true)],
    '^.+\\.(ts|js)$': ['@swc/jest', jsc(false)],
  },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
};
