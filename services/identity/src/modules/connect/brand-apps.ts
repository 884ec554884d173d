import { LockMode, type EntityManager } from '@mikro-orm/core';
import { recordAudit } from '@tullab/audit-log';
import {
  BRAND_APPS_PER_BRAND,
  brandAppMessages,
  type BrandAppAnswer,
  type BrandAppWithSecret,
  type CreateBrandAppBody,
  type UpdateBrandAppBody,
} from '@tullab/contracts';
import { HttpError, randomToken, sha256Hex, type Caller } from '@tullab/http';
import { randomUUID } from 'node:crypto';
import { BrandAppSchema, type BrandApp } from './entities';

/** The audit log's name for brand apps (identity's audit log, `resource`). */
export const BRAND_APPS_RESOURCE = 'brand-apps';
export const APP_NOT_FOUND = 'App not found';

export function toBrandAppAnswer(app: BrandApp): BrandAppAnswer {
  return {
    id: app.id,
    name: app.name,
    redirectUris: app.redirectUris,
    mode: app.mode,
    status: app.revokedAt ? 'revoked' : 'active',
    secretHint: app.secretHint,
    createdAt: app.createdAt.toISOString(),
    secretRotatedAt: app.secretRotatedAt?.toISOString() ?? null,
    revokedAt: app.revokedAt?.toISOString() ?? null,
  };
}

/** A new secret: 32 random bytes; the app keeps its SHA-256 and its last four characters. */
function newSecret(app: BrandApp): string {
  const secret = randomToken();
  app.secretHash = sha256Hex(secret);
  app.secretHint = secret.slice(-4);
  return secret;
}

/** GET /merchant/apps: the brand's apps, newest first. */
export async function listBrandApps(em: EntityManager, brandId: string): Promise<BrandAppAnswer[]> {
  const apps = await em.find(BrandAppSchema, { brandId }, { orderBy: { createdAt: 'desc' } });
  return apps.map(toBrandAppAnswer);
}

/** The brand's app `id` that is not revoked, locked for the change; another brand's or a revoked one is 404. */
async function activeAppOf(tx: EntityManager, brandId: string, id: string): Promise<BrandApp> {
  const app = await tx.findOne(
    BrandAppSchema,
    { id, brandId, revokedAt: null },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  if (!app) throw new HttpError(404, APP_NOT_FOUND);
  return app;
}

/** POST /merchant/apps: a new app of the caller's brand, with its secret shown this once; audited as `create`. */
export function createBrandApp(
  em: EntityManager,
  brandId: string,
  body: CreateBrandAppBody,
  actor: Caller,
  requestId: string | null,
): Promise<BrandAppWithSecret> {
  return em.transactional(async (tx) => {
    // one brand's apps are counted one change at a time
    await tx
      .getConnection()
      .execute(
        'select pg_advisory_xact_lock(hashtext(?))',
        [`brand-apps:${brandId}`],
        'all',
        tx.getTransactionContext(),
      );
    const open = await tx.count(BrandAppSchema, { brandId, revokedAt: null });
    if (open >= BRAND_APPS_PER_BRAND)
      throw new HttpError(409, `A brand has at most ${BRAND_APPS_PER_BRAND} apps; revoke one first`);
    const app = tx.create(BrandAppSchema, {
      id: randomUUID(),
      brandId,
      name: body.name,
      redirectUris: body.redirectUris,
      mode: body.mode,
      secretHash: '',
      secretHint: '',
      createdBy: actor.userId ?? '',
      createdAt: new Date(),
      secretRotatedAt: null,
      revokedAt: null,
    });
    const clientSecret = newSecret(app);
    recordAudit(tx, actor, requestId, {
      action: 'create',
      resource: BRAND_APPS_RESOURCE,
      resourceId: app.id,
      toStatus: app.mode,
      changes: { name: { from: null, to: app.name }, redirectUris: { from: null, to: app.redirectUris } },
    });
    return { app: toBrandAppAnswer(app), clientSecret };
  });
}

/** PUT /merchant/apps/:id: its name and redirect URIs; a live app's must be HTTPS. Audited with what changed. */
export function updateBrandApp(
  em: EntityManager,
  brandId: string,
  id: string,
  body: UpdateBrandAppBody,
  actor: Caller,
  requestId: string | null,
): Promise<BrandAppAnswer> {
  return em.transactional(async (tx) => {
    const app = await activeAppOf(tx, brandId, id);
    if (app.mode === 'live') {
      const plain = body.redirectUris.findIndex((uri) => !uri.startsWith('https://'));
      if (plain >= 0)
        throw new HttpError(400, brandAppMessages.liveRedirectUri, {
          errors: { [`redirectUris.${plain}`]: brandAppMessages.liveRedirectUri },
        });
    }
    const changes = {
      name: { from: app.name, to: body.name },
      redirectUris: { from: app.redirectUris, to: body.redirectUris },
    };
    app.name = body.name;
    app.redirectUris = body.redirectUris;
    recordAudit(tx, actor, requestId, {
      action: 'update',
      resource: BRAND_APPS_RESOURCE,
      resourceId: app.id,
      changes,
    });
    return toBrandAppAnswer(app);
  });
}

/** POST /merchant/apps/:id/rotate-secret: a new secret, shown once; the old one stops working at once. */
export function rotateBrandAppSecret(
  em: EntityManager,
  brandId: string,
  id: string,
  actor: Caller,
  requestId: string | null,
): Promise<BrandAppWithSecret> {
  return em.transactional(async (tx) => {
    const app = await activeAppOf(tx, brandId, id);
    const clientSecret = newSecret(app);
    app.secretRotatedAt = new Date();
    recordAudit(tx, actor, requestId, {
      action: 'rotate-secret',
      resource: BRAND_APPS_RESOURCE,
      resourceId: app.id,
    });
    return { app: toBrandAppAnswer(app), clientSecret };
  });
}

/** POST /merchant/apps/:id/revoke: the app is no client any more, for good. */
export function revokeBrandApp(
  em: EntityManager,
  brandId: string,
  id: string,
  actor: Caller,
  requestId: string | null,
): Promise<BrandAppAnswer> {
  return em.transactional(async (tx) => {
    const app = await activeAppOf(tx, brandId, id);
    app.revokedAt = new Date();
    recordAudit(tx, actor, requestId, {
      action: 'revoke',
      resource: BRAND_APPS_RESOURCE,
      resourceId: app.id,
      fromStatus: 'active',
      toStatus: 'revoked',
    });
    return toBrandAppAnswer(app);
  });
}
