import type { EntityManager } from '@mikro-orm/core';
import type { BrandAppMode } from '@tullab/contracts';
import { rows } from '@tullab/db';
import { addToOutbox } from '@tullab/events';
import { LIVE, STUDENT_GRANTS } from './connected-brands';
import { pairwiseSubject, sectorOf } from './subjects';

interface GrantedApp {
  id: string;
  brand_id: string;
  mode: BrandAppMode;
  redirect_uris: string[];
}

/**
 * A student's verification stopped being active (issue 30 point 5): `connect.verification_expired` in the caller's
 * unit of work for every app the student has a live grant with and its brand has not revoked, naming them by the
 * subject that app knows them by (its sector is its first redirect URI's host, as the provider's). Answers how many.
 */
export async function announceVerificationExpired(
  em: EntityManager,
  subjectKey: string,
  studentId: string,
  expiredAt: string,
  requestId: string | null,
): Promise<number> {
  const apps = await rows<GrantedApp>(
    em,
    `select distinct app.id, app.brand_id, app.mode, app.redirect_uris
     from oidc_records
     join brand_apps app on app.id::text = payload->>'clientId' and app.revoked_at is null
     where ${STUDENT_GRANTS} and ${LIVE}`,
    [studentId],
  );
  for (const app of apps) {
    const subject = pairwiseSubject(subjectKey, sectorOf(app.redirect_uris), studentId);
    const payload = { appId: app.id, brandId: app.brand_id, mode: app.mode, subject, expiredAt };
    addToOutbox(em, 'connect.verification_expired', payload, requestId);
  }
  return apps.length;
}
