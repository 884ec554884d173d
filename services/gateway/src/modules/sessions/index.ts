export * from './cookies';
export * from './resolver';
