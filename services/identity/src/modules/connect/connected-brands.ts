import type { EntityManager } from '@mikro-orm/core';
import {
  CONNECT_CLAIMS,
  CONNECTED_BRAND_NOT_FOUND,
  connectedBrands,
  type BeforeJson,
  type ConnectedBrand,
} from '@tullab/contracts';
import { affected, rows } from '@tullab/db';
import { bindRoute, HttpError } from '@tullab/http';
import { Router, type Request } from 'express';
import type { IdentityContext } from '../../context';

/** What this module reads of a grant's payload (oidc-provider's `Grant`, as `ProviderRecords` keeps it). */
interface GrantPayload {
  openid?: { scope?: string };
  /** what the student kept to themselves (interactions.ts rejects the optional scopes they unticked) */
  rejected?: { openid?: { scope?: string } };
}

/**
 * A student's grants: the provider's `Grant` records with their account (by the index of migration
 * 20261204300000). Each consent on the screen saves one, so an app may have several; the provider's session uses the
 * latest.
 */
export const STUDENT_GRANTS = "model = 'Grant' and payload->>'accountId' = ?";
/** …that the provider would still find (an expired record is as good as gone until retention removes it) */
export const LIVE = '(expires_at is null or expires_at > now())';

/** The scopes a grant gives, as the provider reads them (`Grant#getOIDCScope`): granted, not rejected, no `openid`. */
function grantedScopes(grant: GrantPayload): string[] {
  const granted = new Set(grant.openid?.scope?.split(' '));
  const rejected = new Set(grant.rejected?.openid?.scope?.split(' '));
  return Object.keys(CONNECT_CLAIMS).filter((scope) => granted.has(scope) && !rejected.has(scope));
}

interface ConnectionRow {
  id: string;
  app_name: string;
  brand_name: string | null;
  mode: ConnectedBrand['mode'];
  /** the first consent's `iat`, in epoch seconds */
  connected_at: string;
  latest: GrantPayload;
}

/**
 * GET /students/me/connected-brands: the apps the student allowed, one each, newest first, with what the latest
 * consent shares and when they first agreed; an app its brand revoked is no client any more and is left out. The
 * brand's name is the one its latest merchant invitation gave (identity keeps no brands: `brandNameOf`).
 */
export async function listConnectedBrands(
  em: EntityManager,
  studentId: string,
): Promise<BeforeJson<ConnectedBrand, 'connectedAt'>[]> {
  const found = await rows<ConnectionRow>(
    em,
    `select app.id, app.name as app_name, app.mode,
       (select invitation.brand_name from merchant_invitations invitation
         where invitation.brand_id = app.brand_id order by invitation.created_at desc limit 1) as brand_name,
       min((payload->>'iat')::bigint) as connected_at,
       (array_agg(payload order by (payload->>'iat')::bigint desc))[1] as latest
     from oidc_records
     join brand_apps app on app.id::text = payload->>'clientId' and app.revoked_at is null
     where ${STUDENT_GRANTS} and ${LIVE}
     group by app.id
     order by connected_at desc`,
    [studentId],
  );
  return found.map((row) => ({
    id: row.id,
    appName: row.app_name,
    brandName: row.brand_name,
    mode: row.mode,
    scopes: grantedScopes(row.latest),
    connectedAt: new Date(Number(row.connected_at) * 1000),
  }));
}

/**
 * DELETE /students/me/connected-brands/:id: the student takes back their consent to an app, in one transaction: every
 * grant of theirs to it, and the codes and access tokens each gave (`grant_id`, as the provider's own revocation
 * does). The provider's session still names the grant but finds none, so the app's next checkout shows the consent
 * screen again. 404 when the student has no live grant to the app (another student's app included).
 */
export async function disconnectBrand(ctx: IdentityContext, studentId: string, appId: string): Promise<void> {
  const of = `${STUDENT_GRANTS} and payload->>'clientId' = ?`;
  const removed = await ctx.em.transactional(async (tx) => {
    const tokens = await affected(
      tx,
      `delete from oidc_records where grant_id in (select id from oidc_records where ${of})`,
      [studentId, appId],
    );
    const grants = await rows<{ live: boolean }>(
      tx,
      `delete from oidc_records where ${of} returning ${LIVE} as live`,
      [studentId, appId],
    );
    if (!grants.some((grant) => grant.live)) throw new HttpError(404, CONNECTED_BRAND_NOT_FOUND);
    return { grants: grants.length, tokens };
  });
  ctx.log.info({ studentId, appId, ...removed }, 'brand disconnected');
}

/**
 * A deleted account's part in the provider (decision 009): its sessions, grants, codes and tokens, and what each grant
 * gave. Nothing of it is kept: a brand's record of its checkouts is its own, and offers keeps the redemptions
 * anonymously.
 */
export async function forgetConnections(em: EntityManager, accountId: string): Promise<number> {
  return affected(
    em,
    `delete from oidc_records
     where payload->>'accountId' = ? or grant_id in (select id from oidc_records where ${STUDENT_GRANTS})`,
    [accountId, accountId],
  );
}

const studentOf = (req: Request) => req.identity.userId as string;

/** A student's connected brands (issue 30, decision 019), for students only. */
export function connectedBrandRoutes(ctx: IdentityContext): Router {
  const { routes } = connectedBrands;
  const router = Router();
  bindRoute(router, routes.list, (_input, req) => listConnectedBrands(ctx.em, studentOf(req)));
  bindRoute(router, routes.disconnect, ({ params }, req) => disconnectBrand(ctx, studentOf(req), params.id));
  return router;
}
