import { runMain } from '@tullab/http';
import { configShape } from './config';
import { startService } from './service';

// Validated config, start, and on SIGTERM/SIGINT a graceful stop (HTTP, worker, background work, relay, queues, ORM).
runMain('identity', configShape, startService);
