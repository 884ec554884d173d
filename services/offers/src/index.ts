export { configShape, type Config } from './config';
export { spec, startService, type OffersService } from './service';
