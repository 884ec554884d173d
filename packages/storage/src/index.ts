export * from './config';
export * from './object-store';
export * from './file-type';
