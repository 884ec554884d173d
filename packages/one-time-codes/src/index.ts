export * from './index';
export * from './one-time-codes';
