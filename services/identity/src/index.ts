export { configShape, type Config } from './config';
export { spec, startService, type IdentityService } from './service';
export { createApp } from './app';
export type { PublicUser } from './modules/users/public-user';
export type { ResolvedSession } from './modules/sessions/service';
export type { CookieRequest } from './modules/sessions/cookies';
export { SET_COOKIE_HEADER, PWRESET_HEADER, MFA_HEADER } from './modules/sessions/cookies';
export { totpCode, totpStep } from './modules/mfa/totp';
export { sessionLifetimes } from './modules/sessions/service';
