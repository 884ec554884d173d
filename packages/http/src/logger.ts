import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths never written to logs (CONVENTIONS "Logging", SECURITY S34). */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-tullab-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.otp',
  '*.code',
  '*.token',
];

export function createLogger(service: string, level = 'info'): Logger {
  return pino({ level, base: { service }, redact: { paths: redactPaths, censor: '[redacted]' } });
}
