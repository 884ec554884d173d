import { isConnectPath } from '@tullab/contracts';
import { deriveKey } from '@tullab/http';
import type { RequestHandler } from 'express';
import type { IdentityContext } from '../../context';
import { createProvider, type ProviderHandler } from './provider';

/**
 * The OpenID Connect provider on the paths the gateway passes as they are (decision 019). It is built on the first
 * such request (its keys come from the database) and kept; a failed start is tried again on the next request.
 */
export function connectRoutes(ctx: IdentityContext): RequestHandler {
  const { config } = ctx;
  let provider: Promise<ProviderHandler> | undefined;
  const start = () =>
    createProvider({
      em: ctx.em,
      log: ctx.log,
      issuer: config.PUBLIC_URL.replace(/\/$/, ''),
      sealKey: deriveKey(config.INTERNAL_SECRET, 'identity', 'connect-signing-keys-v1'),
      cookieKey: deriveKey(config.INTERNAL_SECRET, 'identity', 'connect-cookies-v1'),
      subjectKey: deriveKey(config.INTERNAL_SECRET, 'identity', 'connect-subjects-v1'),
    }).catch((err: unknown) => {
      provider = undefined;
      throw err;
    });
  return (req, res, next) => {
    if (!isConnectPath(req.path)) return next();
    provider ??= start();
    provider.then((handle) => handle(req, res), next);
  };
}
