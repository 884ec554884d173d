export * from './crypto';
export * from './errors';
export * from './health';
export * from './identity';
export * from './lifecycle';
export * from './logger';
export * from './rate-limit';
export * from './request-log';
