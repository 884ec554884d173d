import { runService } from '@tullab/runtime';
import { configShape } from './config';
import { spec } from './service';

// Validated config (one line and exit 1 when wrong), start, and on SIGTERM/SIGINT: HTTP, worker, relay, queues, ORM.
void runService(spec, configShape);
