export * from './deps';
export * from './forward';
export * from './router';
export * from './connect';
