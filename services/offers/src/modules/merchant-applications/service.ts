import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { lockName } from '@tullab/db';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Identity, type Language, type ListQuery } from '@tullab/http';
import { recordAudit } from '@tullab/runtime';
import { rows } from '../../sql';
import type { OffersContext } from '../../context';
import { alertStaff } from '../../staff-alerts';
import type { ReceivedFile } from '@tullab/storage';
import { storeLogo, type StoredLogo } from '../logos/store';
import { newOffer } from '../offers/service';
import { MerchantApplicationSchema, type MerchantApplication } from './entities';
import type { ApplicationForm } from './schemas';

const RESOURCE = 'merchant-applications';

/** An application as staff see it; its logo is served to staff only, through the admin API. */
export interface ApplicationRecord extends Omit<ApplicationForm, 'expiryDate'> {
  id: string;
  expiryDate: Date | null;
  logoUrl: string;
  status: MerchantApplication['status'];
  /** the language the applicant applied in: their e-mails are written in it */
  language: Language;
  /** whether the applicant was sent a confirmation (at most one a day per address) */
  confirmationEmailed: boolean;
  reason: string | null;
  offerId: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

function applicationRecord(application: MerchantApplication): ApplicationRecord {
  return {
    id: application.id,
    brandName: application.brandName,
    brandCategory: application.brandCategory,
    businessDescription: application.businessDescription,
    businessDescriptionAr: application.businessDescriptionAr ?? null,
    generalInfo: application.generalInfo ?? null,
    offerType: application.offerType,
    discountCode: application.discountCode ?? null,
    discountType: application.discountType ?? null,
    discountValue: application.discountValue ?? null,
    referralLink: application.referralLink ?? null,
    expiryDate: application.expiryDate ?? null,
    websiteLink: application.websiteLink ?? null,
    discountRedemptionGuide: application.discountRedemptionGuide,
    discountRedemptionGuideAr: application.discountRedemptionGuideAr ?? null,
    termsAndConditions: application.termsAndConditions,
    termsAndConditionsAr: application.termsAndConditionsAr ?? null,
    contactEmail: application.contactEmail,
    contactName: application.contactName,
    contactPhone: application.contactPhone ?? null,
    logoUrl: `/api/admin/merchant-applications/${application.id}/logo`,
    language: application.language,
    status: application.status,
    confirmationEmailed: application.confirmationEmailed,
    reason: application.reason ?? null,
    offerId: application.offerId ?? null,
    decidedBy: application.decidedBy ?? null,
    decidedAt: application.decidedAt ?? null,
    createdAt: application.createdAt,
  };
}

/** One confirmation per address a day: the public form must not let anyone flood a stranger's mailbox. */
const CONFIRMATION_WINDOW_HOURS = 24;

/**
 * Whether `email` has been sent an application confirmation within the window. The caller holds `lockName` on the
 * address, so two forms submitted at once cannot both mail it.
 */
async function confirmedRecently(em: EntityManager, email: string, now: Date): Promise<boolean> {
  const [row] = await rows<{ confirmed: boolean }>(
    em,
    `select exists (select 1 from merchant_application
       where lower(contact_email) = lower(?) and confirmation_emailed and created_at > ?) as confirmed`,
    [email, new Date(now.getTime() - CONFIRMATION_WINDOW_HOURS * 3600_000)],
  );
  return row.confirmed;
}

/**
 * Stores an application as `pending` (the logo first, then the row) and queues, with it, a staff alert linking to it
 * in the console and a confirmation to the applicant. The confirmation carries nothing the visitor typed and goes to
 * one address at most once a day (docs/security.md, "No mail relay"); a later application is stored and shown to
 * staff all the same, marked as not confirmed. `language` is the applicant's (their request's `Accept-Language`): it
 * is kept with the application, and every e-mail to them is written in it.
 */
export async function submitApplication(
  ctx: OffersContext,
  form: ApplicationForm,
  file: ReceivedFile,
  language: Language,
  requestId: string | null,
): Promise<MerchantApplication> {
  const logo = await storeLogo(ctx.store, 'applications', file);
  return ctx.em.fork().transactional(async (em) => {
    const now = new Date();
    await lockName(em, `merchant-confirmation:${form.contactEmail.toLowerCase()}`);
    const confirm = !(await confirmedRecently(em, form.contactEmail, now));
    const application = em.create(MerchantApplicationSchema, {
      ...form,
      id: randomUUID(),
      logoKey: logo.key,
      logoContentType: logo.contentType,
      language,
      confirmationEmailed: confirm,
      status: 'pending',
      reason: null,
      offerId: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: now,
    });
    if (confirm)
      addToOutbox(
        em,
        'email.requested',
        { to: form.contactEmail, template: 'merchant-application-received', data: {}, language },
        requestId,
      );
    const unconfirmed = confirm ? '' : ' No confirmation was e-mailed: this address already had one today.';
    alertStaff(
      em,
      ctx.config.SUPPORT_EMAIL,
      {
        title: `New merchant application: ${form.brandName}`,
        message: `${form.contactName} (${form.contactEmail}) applied to list a ${form.offerType} offer for ${form.brandName} in ${form.brandCategory}.${unconfirmed}`,
        actionPath: `/admin#/merchant-applications/${application.id}/show`,
      },
      requestId,
    );
    await em.flush();
    return application;
  });
}

export async function listApplications(
  em: EntityManager,
  query: ListQuery,
): Promise<{ items: ApplicationRecord[]; total: number }> {
  const [applications, total] = await em.findAndCount(
    MerchantApplicationSchema,
    query.where as FilterQuery<MerchantApplication>,
    { orderBy: query.orderBy, offset: query.offset, limit: query.limit },
  );
  return { items: applications.map(applicationRecord), total };
}

export async function getApplication(em: EntityManager, id: string): Promise<ApplicationRecord> {
  return applicationRecord(await em.findOneOrFail(MerchantApplicationSchema, { id }));
}

export async function applicationLogo(em: EntityManager, id: string): Promise<StoredLogo> {
  const application = await em.findOneOrFail(MerchantApplicationSchema, { id });
  return { key: application.logoKey, contentType: application.logoContentType };
}

/** The Arabic of {@link offerTitle}, for an application that has Arabic texts. */
function offerTitleAr(application: MerchantApplication): string {
  if (application.offerType === 'referral') return 'وصول حصري للطلاب';
  switch (application.discountType) {
    case 'percentage':
      return `خصم ${application.discountValue}% للطلاب`;
    case 'fixed':
      return `خصم ${application.discountValue} درهم للطلاب`;
    default:
      return 'شحن مجاني للطلاب';
  }
}

const hasArabicTexts = (application: MerchantApplication) =>
  !!(
    application.businessDescriptionAr ||
    application.discountRedemptionGuideAr?.length ||
    application.termsAndConditionsAr
  );

/** SPEC §4 card wording, as the offer's first title; staff may edit it. */
function offerTitle(application: MerchantApplication): string {
  if (application.offerType === 'referral') return 'Exclusive student access';
  switch (application.discountType) {
    case 'percentage':
      return `${application.discountValue}% off for students`;
    case 'fixed':
      return `AED ${application.discountValue} off for students`;
    default:
      return 'Free shipping for students';
  }
}

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
    if (application.status !== 'pending') throw new HttpError(409, 'This application was already reviewed');
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
 * Approves: creates the offer (draft or live) from the application and tells the applicant. The Arabic texts go into
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
      const offer = newOffer(tx, {
        title: offerTitle(application),
        brandName: application.brandName,
        businessName: application.brandName,
        businessDescription: application.businessDescription,
        description: application.businessDescription,
        titleAr: hasArabicTexts(application) ? offerTitleAr(application) : null,
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
