import { loadConfig } from '@tullab/config';
import { createLogger, handleShutdown } from '@tullab/http';
import { configShape } from './config';
import { startService, type NotificationsService } from './service';

const config = loadConfig('notifications', configShape);
const log = createLogger('notifications', config.LOG_LEVEL);
let service: NotificationsService | undefined;

// SIGTERM/SIGINT: stop HTTP, worker.close() (active jobs finish), stop the dispatcher (the mail being sent finishes),
// relay.stop(), close the queues and Redis, orm.close(); each step bounded, the whole under 25 s.
handleShutdown(log, [{ name: 'notifications', run: async () => service?.close() }]);

startService(config, log).then(
  (started) => {
    service = started;
  },
  (err: unknown) => {
    log.fatal({ err }, 'start failed');
    process.exit(1);
  },
);
