import { statSync } from 'node:fs';
import path from 'node:path';
import { commonEnv } from '@tullab/config';
import { z } from 'zod';

/** The repository root, seen from src/ (tests, ts-node) and from dist/ (the build): both sit one level below the package. */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const serviceUrl = (port: number) => z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${port}`);
const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** The gateway's environment (ARCHITECTURE "Configuration"): the shared variables plus where the services and apps are. */
export const configShape = {
  ...commonEnv,
  /** 0 = any free port (tests) */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  IDENTITY_URL: serviceUrl(4001),
  VERIFICATION_URL: serviceUrl(4002),
  OFFERS_URL: serviceUrl(4003),
  NOTIFICATIONS_URL: serviceUrl(4004),
  /** the built student app (Vite `dist`), served at / */
  STUDENT_WEB_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'apps', 'student-web', 'dist')),
  /** the built admin console (Vite `dist`, base `/admin/`), served at /admin */
  ADMIN_WEB_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'apps', 'admin-web', 'dist')),
  /** the built merchant portal (Vite `dist`, base `/merchant/`), served at /merchant (issue 29) */
  MERCHANT_WEB_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'apps', 'merchant-web', 'dist')),
  /**
   * The "Verify with Tullab" button's built script, served at /connect/button.js (issue 30 point 6). Unlike an app,
   * which shows a "not built yet" page until it is, it must be there at start: brands' pages load it.
   */
  CONNECT_BUTTON_FILE: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'packages', 'connect-button', 'dist', 'button.js'))
    .refine(isFile, 'names no file: build the button (npx turbo run build --filter=@tullab/connect-button)'),
  /**
   * Express `trust proxy` (S35): how many proxies in front of the gateway set X-Forwarded-For, or a subnet such as
   * `loopback`. The default, 0, uses the socket address: the gateway is the public entry point.
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d+|loopback|linklocal|uniquelocal|[0-9a-fA-F.:/, ]+)$/,
      'must be a hop count, loopback, linklocal, uniquelocal or addresses',
    )
    .default('0')
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value)),
  /** the internal port of the gateway's Prometheus metrics, `GET /metrics` (docs/metrics.md); 0 = any free port (tests) */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** how long a service may stay silent before the gateway answers 504 */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
};

export type Config = z.infer<z.ZodObject<typeof configShape>>;
