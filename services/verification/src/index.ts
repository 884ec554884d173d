export { configShape, type Config } from './config';
export { spec, startService, type VerificationService } from './service';
