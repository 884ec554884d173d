import { LockMode, type EntityManager } from '@mikro-orm/core';
import { recordAudit, type AuditInput } from '@tullab/audit-log';
import {
  BRAND_APPS_PER_BRAND,
  brandAppMessages,
  type BrandAppAnswer,
  type BrandAppWithSecret,
  type CreateBrandAppBody,
  type UpdateBrandAppBody,
} from '@tullab/contracts';
import { addToOutbox } from '@tullab/events';
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

/**
 * `brand-app.changed` in the change's transaction: notifications keeps which app is whose, for the brands' webhooks
 * (issue 30 point 5). Every change carries the app's whole state.
 */
function announce(tx: EntityManager, app: BrandApp, requestId: string | null): void {
  const changed = { appId: app.id, brandId: app.brandId, mode: app.mode, revoked: app.revokedAt !== null };
  addToOutbox(tx, 'brand-app.changed', changed, requestId);
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

/** Who changes a brand's apps: the brand, its merchant, and the request (for the audit log). */
export interface AppChanger {
  brandId: string;
  actor: Caller;
  requestId: string | null;
}

/**
 * Changes the brand's app `id` that is not revoked (another brand's or a revoked one is 404), locked, in one
 * transaction, audited as `action` with what `change` adds to the row, and announced (`brand-app.changed`).
 */
function changeApp<T>(
  em: EntityManager,
  by: AppChanger,
  id: string,
  action: string,
  change: (app: BrandApp) => { answer: T; audit?: Partial<AuditInput> },
): Promise<T> {
  return em.transactional(async (tx) => {
    const app = await tx.findOne(
      BrandAppSchema,
      { id, brandId: by.brandId, revokedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!app) throw new HttpError(404, APP_NOT_FOUND);
    const { answer, audit } = change(app);
    announce(tx, app, by.requestId);
    recordAudit(tx, by.actor, by.requestId, {
      action,
      resource: BRAND_APPS_RESOURCE,
      resourceId: app.id,
      ...audit,
    });
    return answer;
  });
}

/**
 * POST /merchant/apps: a new app of the caller's brand, with its secret shown this once; audited as `create` and
 * announced.
 */
export function createBrandApp(
  em: EntityManager,
  by: AppChanger,
  body: CreateBrandAppBody,
): Promise<BrandAppWithSecret> {
  const { brandId } = by;
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
      createdBy: by.actor.userId ?? '',
      createdAt: new Date(),
      secretRotatedAt: null,
      revokedAt: null,
    });
    const clientSecret = newSecret(app);
    announce(tx, app, by.requestId);
    recordAudit(tx, by.actor, by.requestId, {
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
  by: AppChanger,
  id: string,
  body: UpdateBrandAppBody,
): Promise<BrandAppAnswer> {
  return changeApp(em, by, id, 'update', (app) => {
    const plain = body.redirectUris.findIndex((uri) => !uri.startsWith('https://'));
    if (app.mode === 'live' && plain >= 0)
      throw new HttpError(400, brandAppMessages.liveRedirectUri, {
        errors: { [`redirectUris.${plain}`]: brandAppMessages.liveRedirectUri },
      });
    const changes = {
      name: { from: app.name, to: body.name },
      redirectUris: { from: app.redirectUris, to: body.redirectUris },
    };
    app.name = body.name;
    app.redirectUris = body.redirectUris;
    return { answer: toBrandAppAnswer(app), audit: { changes } };
  });
}

/** POST /merchant/apps/:id/rotate-secret: a new secret, shown once; the old one stops working at once. */
export function rotateBrandAppSecret(
  em: EntityManager,
  by: AppChanger,
  id: string,
): Promise<BrandAppWithSecret> {
  return changeApp(em, by, id, 'rotate-secret', (app) => {
    const clientSecret = newSecret(app);
    app.secretRotatedAt = new Date();
    return { answer: { app: toBrandAppAnswer(app), clientSecret } };
  });
}

/** POST /merchant/apps/:id/revoke: the app is no client any more, for good. */
export function revokeBrandApp(em: EntityManager, by: AppChanger, id: string): Promise<BrandAppAnswer> {
  return changeApp(em, by, id, 'revoke', (app) => {
    app.revokedAt = new Date();
    return { answer: toBrandAppAnswer(app), audit: { fromStatus: 'active', toStatus: 'revoked' } };
  });
}
