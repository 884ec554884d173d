export * from './service';
export * from './service-app';
