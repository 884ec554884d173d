import type { Request } from 'express';
import type { Caller } from '@tullab/http';

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? '';
}

export function visitor(ip: string): Caller {
  return { userId: null, role: null, verificationStatus: 'none', sessionId: null, ip };
}
