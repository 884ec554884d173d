import type { z } from 'zod';
import { loadConfig } from '@tullab/config';
import { createLogger, handleShutdown } from '@tullab/http';
import { startService, type ServiceConfig, type ServiceSpec } from './service';

/** A service's main.ts in one call: validated config, start, and a graceful stop on SIGTERM/SIGINT. */
export async function runService<S extends z.ZodRawShape>(
  spec: ServiceSpec<z.infer<z.ZodObject<S>> & ServiceConfig>,
  shape: S,
): Promise<void> {
  const config = loadConfig(spec.name, shape) as z.infer<z.ZodObject<S>> & ServiceConfig;
  const log = createLogger(spec.name, config.LOG_LEVEL);
  let close: (() => Promise<void>) | undefined;
  handleShutdown(log, [{ name: 'service', run: async () => close?.() }]);
  try {
    close = (await startService(spec, config, log)).close;
  } catch (err) {
    log.fatal({ err }, 'start failed');
    process.exit(1);
  }
}
