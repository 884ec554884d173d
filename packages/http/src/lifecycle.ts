import { createServer, type RequestListener, type Server } from 'node:http';
import type { z } from 'zod';
import { loadConfig } from '@tullab/config';
import { createLogger, type Logger } from '@tullab/log';

export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown>;
}

const STEP_TIMEOUT_MS = 15_000;
const HARD_EXIT_MS = 25_000;

/** Listens with a 30 s request timeout (S27) and resolves once the port is bound. */
export function listen(app: RequestListener, port: number, host = '0.0.0.0'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
    server.requestTimeout = 30_000;
    server.headersTimeout = 20_000;
    server.keepAliveTimeout = 65_000;
  });
}

/**
 * The first step of a graceful stop, once readiness answers 503: keep serving for `ms` so load balancers (which
 * poll readiness) stop sending new requests before the port closes (SHUTDOWN_DRAIN_MS; 0 skips it).
 */
export async function drain(ms = 0): Promise<void> {
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Stops accepting connections and waits up to `graceMs` for in-flight requests, then cuts the rest. */
export function closeServer(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * Runs the steps in order on SIGTERM/SIGINT (SECURITY "Graceful shutdown"): each at most 15 s, the whole at most
 * 25 s, then exit. An unhandled rejection or exception is logged and ends the process with 1.
 */
export function handleShutdown(log: Logger, steps: ShutdownStep[]): { isShuttingDown: () => boolean } {
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, HARD_EXIT_MS).unref();
    for (const step of steps) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          step.run(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), STEP_TIMEOUT_MS);
          }),
        ]);
      } catch (err) {
        log.error({ err, step: step.name }, 'shutdown step failed');
      } finally {
        clearTimeout(timer);
      }
    }
    log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.on('unhandledRejection', (err) => {
    log.fatal({ err }, 'unhandled rejection');
    process.exit(1);
  });
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception');
    process.exit(1);
  });
  return { isShuttingDown: () => shuttingDown };
}

/**
 * A process's main.ts in one call: validated config (one line and exit 1 when wrong), a logger, start, and a
 * graceful stop on SIGTERM/SIGINT through what `start` returns.
 */
export function runMain<S extends z.ZodRawShape>(
  name: string,
  shape: S,
  start: (config: z.infer<z.ZodObject<S>>, log: Logger) => Promise<{ close(): Promise<void> }>,
): void {
  const config = loadConfig(name, shape);
  const log = createLogger(name, (config as { LOG_LEVEL?: string }).LOG_LEVEL);
  let running: { close(): Promise<void> } | undefined;
  handleShutdown(log, [{ name, run: async () => running?.close() }]);
  start(config, log).then(
    (started) => {
      running = started;
    },
    (err: unknown) => {
      log.fatal({ err }, 'start failed');
      process.exit(1);
    },
  );
}
