export * from './broadcast-relay';
export * from './broadcaster';
export * from './broadcasts';
