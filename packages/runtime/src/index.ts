export * from './service';
export * from './service-app';
export * from './context';
export * from './database';
export * from './audit-log';
export * from './one-time-codes';
export * from './retention';
export * from './metrics';
