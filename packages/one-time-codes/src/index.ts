export * from './one-time-codes';
