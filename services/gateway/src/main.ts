import { loadConfig } from '@tullab/config';
import { createLogger, handleShutdown } from '@tullab/http';
import { configShape } from './config';
import { startService, type RunningGateway } from './service';

const config = loadConfig('gateway', configShape);
const log = createLogger('gateway', config.LOG_LEVEL);
let gateway: RunningGateway | undefined;
handleShutdown(log, [{ name: 'gateway', run: async () => gateway?.close() }]);

startService(config, log).then(
  (running) => {
    gateway = running;
  },
  (err) => {
    log.fatal({ err }, 'start failed');
    process.exit(1);
  },
);
