export * from './main';
export * from './service';
export * from './service-app';
