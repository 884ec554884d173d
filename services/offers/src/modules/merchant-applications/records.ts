import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { Language, ListQuery } from '@tullab/http';
import type { StoredLogo } from '../logos/store';
import { apiPath, offersAdmin, type MerchantApplicationForm } from '@tullab/contracts';
import { MerchantApplicationSchema, type MerchantApplication } from './entities';

/** An application as staff see it; its logo is served to staff only, through the admin API. */
export interface ApplicationRecord extends Omit<MerchantApplicationForm, 'expiryDate'> {
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

export function applicationRecord(application: MerchantApplication): ApplicationRecord {
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
    logoUrl: apiPath(offersAdmin.routes.merchantApplicationLogo, { id: application.id }),
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
