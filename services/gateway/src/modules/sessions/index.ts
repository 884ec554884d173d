export * from './brand-apps';
export * from './cache';
export * from './caller';
export * from './cookies';
export * from './resolver';
