import type { EntityManager } from '@mikro-orm/core';
import type { Identity } from '@tullab/http';
import { changedFields, recordAudit, type AuditChanges, type AuditInput } from '@tullab/audit-log';
import type { Offer } from './entities';
import { editableOfferFields } from '@tullab/contracts';

/** Handed to students, so never kept in the log: a change of them reads as `MASKED` (@tullab/audit-log). */
const SECRET_FIELDS = ['code', 'referralLink'] as const;

/** What staff do to an offer, as its audit rows name it (`delete` archives it). */
export type OfferAction =
  'create' | 'update' | 'pause' | 'resume' | 'delete' | 'import-codes' | 'change-logo';

/** The offer's editable fields as they are now, copied, to compare with after a change. */
export function editableState(offer: Offer): Partial<Offer> {
  return structuredClone(Object.fromEntries(editableOfferFields.map((field) => [field, offer[field]])));
}

/** The editable fields that differ between `before` (`{}` for a new offer) and `offer`, secrets masked. */
export function offerChanges(before: Partial<Offer>, offer: Offer): AuditChanges {
  return changedFields(before, offer, editableOfferFields, SECRET_FIELDS);
}

/**
 * Adds the audit row of a staff change of an offer to the transaction's unit of work (S31), served at
 * `/admin/offer-audit-log`: it is stored by the flush that stores the change, or not at all.
 */
export function auditOffer(
  tx: EntityManager,
  actor: Identity,
  requestId: string | null,
  offerId: string,
  entry: Omit<AuditInput, 'action' | 'resource' | 'resourceId'> & { action: OfferAction },
): void {
  recordAudit(tx, actor, requestId, { ...entry, resource: 'offers', resourceId: offerId });
}
