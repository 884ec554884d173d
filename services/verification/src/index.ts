export { configShape, type Config } from './config';
export { spec, startService } from './service';
