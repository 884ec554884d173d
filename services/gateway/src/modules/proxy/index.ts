export * from './errors';
export * from './forward';
export * from './router';
export * from './routes';
export * from './upstreams';
