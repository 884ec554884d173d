import { runMain } from '@tullab/http';
import { configShape } from './config';
import { startService } from './service';

// Validated config, start, and on SIGTERM/SIGINT a graceful stop (readyz 503, HTTP drained, Redis closed).
runMain('gateway', configShape, startService);
