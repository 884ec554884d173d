import { CONNECT_OFFER_PARAM, REDEMPTION_TOKEN_CLAIM } from '@tullab/contracts';
import { sealRedemptionToken } from '@tullab/events';
import type { AuthorizationCode, KoaContextWithOIDC } from 'oidc-provider' with {
  'resolution-mode': 'import',
};
import type { ConnectApp } from './subjects';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an authorization request's `offer` is well-formed (absent is fine: a verification without a redemption). */
export const isOfferParam = (value: unknown): boolean =>
  value === undefined || (typeof value === 'string' && UUID.test(value));

/**
 * Where a checkout's offer travels from the authorization request to the token endpoint (issue 30 point 3): the
 * authorization code keeps the request's claims, so the offer is put there, as a request for the `redemption_token`
 * claim naming it. Called while the provider loads the student at the authorization endpoint (and on resuming after
 * sign-in and consent), the one step both pass with the request's parameters at hand.
 */
export function carryOffer(ctx: KoaContextWithOIDC): void {
  const offer = ctx.oidc.params?.[CONNECT_OFFER_PARAM];
  if (typeof offer !== 'string') return;
  ctx.oidc.claims.id_token = { ...ctx.oidc.claims.id_token, [REDEMPTION_TOKEN_CLAIM]: { offer } };
}

/** The offer the code being exchanged was asked for, if any. */
export function offerOfCode(code: unknown): string | undefined {
  const claims = (code as AuthorizationCode | undefined)?.claims as
    { id_token?: Record<string, { offer?: unknown } | null> } | undefined;
  const offer = claims?.id_token?.[REDEMPTION_TOKEN_CLAIM]?.offer;
  return typeof offer === 'string' && UUID.test(offer) ? offer : undefined;
}

/**
 * A redemption token for the offer, the student and the brand app asking, naming the student by the subject the app
 * knows them by (sealed: @tullab/events).
 */
export function redemptionTokenFor(
  secret: string,
  app: ConnectApp,
  offerId: string,
  student: { id: string; subject: string },
): string {
  return sealRedemptionToken(secret, {
    brandId: app.brandId,
    appId: app.appId,
    mode: app.mode,
    offerId,
    studentId: student.id,
    subject: student.subject,
  });
}
