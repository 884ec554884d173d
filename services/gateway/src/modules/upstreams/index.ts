export * from './errors';
export * from './routes';
export * from './upstreams';
