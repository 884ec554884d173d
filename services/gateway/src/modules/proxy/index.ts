export * from './deps';
export * from './forward';
export * from './router';
