import pino, { type DestinationStream, type Logger } from 'pino';

export type { DestinationStream, Logger };

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

/** JSON lines to stdout, or to `destination` (tests read what a service logs). */
export function createLogger(service: string, level = 'info', destination?: DestinationStream): Logger {
  return pino(
    { level, base: { service }, redact: { paths: redactPaths, censor: '[redacted]' } },
    destination,
  );
}
