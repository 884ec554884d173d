// Shared jest settings: TypeScript through SWC, tests beside the code (*.test.ts) and in test/.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  // The OpenID Connect libraries are ES modules only (decision 019); jest on Node 20 loads CommonJS, so SWC
  // compiles them as it compiles our sources. Node itself loads them as they are.
  transformIgnorePatterns: ['/node_modules/(?!(oidc-provider|jose|openid-client|oauth4webapi)/)'],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  // Two test files at a time, even on a 2-CPU machine (jest's default there is one): a service's tests wait on
  // PostgreSQL, Redis and HTTP much of the time, and each file has its own schema and queue prefix.
  maxWorkers: 2,
};
