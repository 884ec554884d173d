export { createApp, type AppDeps } from './app';
export { configShape, type Config } from './config';
export { routingTable, uploadPatterns } from './modules/upstreams/routes';
export { startService, type RunningGateway } from './service';
