import { LockMode, type EntityManager } from '@mikro-orm/core';
import { approvedOfferTitles } from '@tullab/contracts';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Identity } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import { createBrand } from '../brands/service';
import { newOffer } from '../offers/service';
import { MerchantApplicationSchema, type MerchantApplication } from './entities';
import { applicationRecord, type ApplicationRecord } from './records';

const RESOURCE = 'merchant-applications';

interface Decision {
  action: 'approve' | 'reject';
  reason: string | null;
  /** applies the decision to the locked, pending application (and queues its e-mail) */
  apply(em: EntityManager, application: MerchantApplication): void;
}

/**
 * Takes a staff decision exactly once (S31): the application is locked, must still be pending (409 otherwise), and
 * the decision, its audit row and the applicant's e-mail are stored in one transaction.
 */
async function decide(
  em: EntityManager,
  id: string,
  actor: Identity,
  requestId: string | null,
  decision: Decision,
): Promise<ApplicationRecord> {
  return em.transactional(async (tx) => {
    const application = await tx.findOneOrFail(
      MerchantApplicationSchema,
      { id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (application.status !== 'pending')
      throw new HttpError(409, 'This application was already reviewed', { code: 'already_reviewed' });
    decision.apply(tx, application);
    application.decidedBy = actor.userId;
    application.decidedAt = new Date();
    recordAudit(tx, actor, requestId, {
      action: decision.action,
      resource: RESOURCE,
      resourceId: id,
      fromStatus: 'pending',
      toStatus: application.status,
      reason: decision.reason,
    });
    await tx.flush();
    return applicationRecord(application);
  });
}

/**
 * Approves: creates the brand (whose contact identity invites to a merchant account, decision 016) and the offer (draft
 * or live) from the application, and tells the applicant. The Arabic texts go into
 * the offer as the English ones do (the business description is also its description), with an Arabic title when
 * there are any.
 */
export function approveApplication(
  em: EntityManager,
  id: string,
  status: 'draft' | 'live',
  actor: Identity,
  requestId: string | null,
): Promise<ApplicationRecord> {
  return decide(em, id, actor, requestId, {
    action: 'approve',
    reason: null,
    apply(tx, application) {
      const brand = createBrand(tx, application, requestId);
      const offer = newOffer(tx, {
        ...approvedOfferTitles(application),
        brandName: application.brandName,
        businessName: application.brandName,
        businessDescription: application.businessDescription,
        description: application.businessDescription,
        descriptionAr: application.businessDescriptionAr ?? null,
        discountRedemptionGuideAr: application.discountRedemptionGuideAr ?? null,
        termsAndConditionsAr: application.termsAndConditionsAr ?? null,
        businessCategory: application.brandCategory,
        offerType: application.offerType,
        discountType: application.discountType ?? null,
        discountValue: application.discountValue ?? null,
        code: application.discountCode ?? null,
        referralLink: application.referralLink ?? null,
        websiteLink: application.websiteLink ?? null,
        expiresAt: application.expiryDate ?? null,
        discountRedemptionGuide: application.discountRedemptionGuide,
        termsAndConditions: application.termsAndConditions,
        generalInfo: application.generalInfo ?? null,
        maxRedemptionsPerStudent: 1,
        status,
        logo: { key: application.logoKey, contentType: application.logoContentType },
        merchantApplicationId: application.id,
        brandId: brand.id,
      });
      application.status = 'approved';
      application.offerId = offer.id;
      addToOutbox(
        tx,
        'email.requested',
        {
          to: application.contactEmail,
          template: 'merchant-application-approved',
          data: { contactName: application.contactName, brandName: application.brandName },
          language: application.language,
        },
        requestId,
      );
    },
  });
}

/** Rejects with a reason, which the applicant is e-mailed. */
export function rejectApplication(
  em: EntityManager,
  id: string,
  reason: string,
  actor: Identity,
  requestId: string | null,
): Promise<ApplicationRecord> {
  return decide(em, id, actor, requestId, {
    action: 'reject',
    reason,
    apply(tx, application) {
      application.status = 'rejected';
      application.reason = reason;
      addToOutbox(
        tx,
        'email.requested',
        {
          to: application.contactEmail,
          template: 'merchant-application-rejected',
          data: { contactName: application.contactName, brandName: application.brandName, reason },
          language: application.language,
        },
        requestId,
      );
    },
  });
}
