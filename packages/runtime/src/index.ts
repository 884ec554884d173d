export * from './service';
export * from './service-app';
export * from './context';
export * from './database';
export * from './metrics';
export * from './migrate';
