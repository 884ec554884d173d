import {
  brandApps,
  CONNECT_LIMITS,
  CONNECT_PATHS,
  identityInternal,
  INTERACTION_CALL,
  isConnectPath,
} from '@tullab/contracts';
import { bindRoute, brandOf, deriveKey, HttpError, requestIdOf, tooManyRequests } from '@tullab/http';
import { Router, type Request, type RequestHandler } from 'express';
import type { IdentityContext } from '../../context';
import { resolveBrandApp } from './app-credentials';
import {
  type AppChanger,
  createBrandApp,
  listBrandApps,
  revokeBrandApp,
  rotateBrandAppSecret,
  updateBrandApp,
} from './brand-apps';
import { interactionCall } from './interactions';
import { createProvider, type RunningProvider } from './provider';
export { connectedBrandRoutes } from './connected-brands';

/**
 * The OpenID Connect provider on the paths the gateway passes as they are (decision 019), and the consent screen's
 * calls. It is built on the first such request (its keys come from the database) and kept; a failed start is tried
 * again on the next request.
 */
export function connectRoutes(ctx: IdentityContext): RequestHandler {
  const { config } = ctx;
  let provider: Promise<RunningProvider> | undefined;
  const start = () =>
    createProvider({
      em: ctx.em,
      log: ctx.log,
      issuer: config.PUBLIC_URL.replace(/\/$/, ''),
      sealKey: deriveKey(config.INTERNAL_SECRET, 'identity', 'connect-signing-keys-v1'),
      cookieKey: deriveKey(config.INTERNAL_SECRET, 'identity', 'connect-cookies-v1'),
      subjectKey: ctx.subjectKey,
      redemptionSecret: config.INTERNAL_SECRET,
    }).catch((err: unknown) => {
      provider = undefined;
      throw err;
    });
  /** The authorization and token endpoints, counted per client address (CONNECT_LIMITS). */
  const limited = async (req: Request) => {
    const { routes } = CONNECT_PATHS;
    const kind =
      req.path === routes.token
        ? 'token'
        : req.path === routes.authorization || req.path.startsWith(`${routes.authorization}/`)
          ? 'authorization'
          : null;
    if (!kind) return;
    const { limit, windowSeconds } = CONNECT_LIMITS[kind];
    const decision = await ctx.limiter.hit(`connect:${kind}:${req.identity.ip}`, limit, windowSeconds);
    if (!decision.allowed)
      throw tooManyRequests(decision.retryAfter, 'Too many requests. Please try again in a minute.');
  };
  return (req, res, next) => {
    if (!isConnectPath(req.path)) return next();
    provider ??= start();
    Promise.all([provider, limited(req)])
      .then(([running]) =>
        INTERACTION_CALL.test(req.path)
          ? interactionCall(running, ctx.em, req, res)
          : running.handle(req, res),
      )
      .catch(next);
  };
}

/** A brand's apps (issue 30 point 2), for its merchants only; every change audited. */
export function brandAppRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const { routes } = brandApps;
  const router = Router();
  bindRoute(router, routes.list, (_input, req) => listBrandApps(em, brandOf(req)));
  const by = (req: Request): AppChanger => ({
    brandId: brandOf(req),
    actor: req.identity,
    requestId: requestIdOf(req),
  });
  bindRoute(router, routes.create, ({ body }, req) => createBrandApp(em, by(req), body));
  bindRoute(router, routes.update, ({ params, body }, req) => updateBrandApp(em, by(req), params.id, body));
  bindRoute(router, routes.rotateSecret, ({ params }, req) => rotateBrandAppSecret(em, by(req), params.id));
  bindRoute(router, routes.revoke, ({ params }, req) => revokeBrandApp(em, by(req), params.id));
  /** the gateway's question for a brand's server's call (signed as a visitor) */
  bindRoute(router, identityInternal.routes.resolveBrandApp, async ({ body }) => {
    const app = await resolveBrandApp(em, body);
    if (!app) throw new HttpError(401, 'Not authenticated');
    return app;
  });
  return router;
}
