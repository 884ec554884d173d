import type { Logger } from '@tullab/log';
import type { SessionCache } from '../sessions/cache';
import type { CookiePolicy } from '../sessions/cookies';
import type { Upstreams } from '../upstreams/upstreams';

/** What forwarding a call needs of the gateway: the services, the session cache and cookie policy, the secret. */
export interface ForwardDeps {
  upstreams: Upstreams;
  sessions: SessionCache;
  policy: CookiePolicy;
  internalSecret: string;
  log: Logger;
  timeoutMs: number;
}
