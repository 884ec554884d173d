import { z } from 'zod';

export * from './readiness';

/** Thrown by parseConfig; its message is the one line an operator sees. */
export class ConfigError extends Error {}

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
const url = (protocols: RegExp) => z.url({ protocol: protocols });

/** Variables every process reads (ARCHITECTURE "Configuration"). */
export const commonEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: logLevel,
  PUBLIC_URL: url(/^https?$/).default('http://localhost:8080'),
  INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters'),
  REDIS_URL: url(/^rediss?$/).default('redis://127.0.0.1:6379'),
  /**
   * After SIGTERM, how long the process keeps serving while its readiness answers 503, so that load balancers stop
   * sending it requests before its port closes (e.g. 5000 behind Kubernetes; 0: close at once).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(20_000).default(0),
  /** BullMQ key prefix; tests give each file its own. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/, 'must be lower-case letters, digits, _ or -')
    .default('tullab'),
};

/** Variables of a service that owns a PostgreSQL schema (identity, verification, offers, notifications). */
export function serviceEnv(defaults: { port: number; schema: string }) {
  return {
    ...commonEnv,
    PORT: z.coerce.number().int().min(0).max(65535).default(defaults.port),
    DATABASE_URL: url(/^postgres(ql)?$/),
    /** The service's own schema; tests give each file its own. */
    DB_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
      .default(defaults.schema),
  };
}

type Env = Record<string, string | undefined>;

/** Parses env against the shape; throws ConfigError naming the first bad variable. Empty strings count as unset. */
export function parseConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Env = process.env,
): z.infer<z.ZodObject<S>> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = z.object(shape).safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue.path.join('.');
  const text = issue.code === 'invalid_type' && cleaned[name] === undefined ? 'is required' : issue.message;
  throw new ConfigError(`${name} ${text}`);
}

/** parseConfig for a process's main.ts: on error prints one line (`identity: invalid config: …`) and exits 1. */
export function loadConfig<S extends z.ZodRawShape>(
  service: string,
  shape: S,
  env: Env = process.env,
): z.infer<z.ZodObject<S>> {
  try {
    return parseConfig(shape, env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${service}: invalid config: ${err.message}\n`);
    process.exit(1);
  }
}
