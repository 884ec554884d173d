export { createApp, type AppDeps } from './app';
export { configShape, type Config } from './config';
export { startService, type RunningGateway } from './service';
