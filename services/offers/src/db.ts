import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { AuditLogSchema, auditLogMigrations } from '@tullab/audit-log';
import { Migration20261122200000Offers } from './migrations/Migration20261122200000Offers';
import { Migration20261125200000ApplicationConfirmations } from './migrations/Migration20261125200000ApplicationConfirmations';
import { Migration20261125500000ArchivedOffers } from './migrations/Migration20261125500000ArchivedOffers';
import { Migration20261125600000TrustedCounters } from './migrations/Migration20261125600000TrustedCounters';
import { Migration20261126300000ArabicTexts } from './migrations/Migration20261126300000ArabicTexts';
import { Migration20261126500000OneCodePerOffer } from './migrations/Migration20261126500000OneCodePerOffer';
import { Migration20261126710000CodeReports } from './migrations/Migration20261126710000CodeReports';
import { Migration20261126720000SavedOffers } from './migrations/Migration20261126720000SavedOffers';
import { Migration20261128100000Brands } from './migrations/Migration20261128100000Brands';
import { Migration20261128200000FunnelStudents } from './migrations/Migration20261128200000FunnelStudents';
import { Migration20261128300000OfferProposals } from './migrations/Migration20261128300000OfferProposals';
import { Migration20261201700000InstitutionMonths } from './migrations/Migration20261201700000InstitutionMonths';
import { Migration20261204100000CheckoutRedemptions } from './migrations/Migration20261204100000CheckoutRedemptions';
import { BrandSchema } from './modules/brands/entities';
import { CheckoutOrderSchema, CheckoutRedemptionSchema } from './modules/checkout/entities';
import { CodeReportSchema } from './modules/code-reports/entities';
import { MerchantApplicationSchema } from './modules/merchant-applications/entities';
import { OfferProposalSchema } from './modules/offer-proposals/entities';
import { OfferSchema } from './modules/offers/entities';
import { RedemptionSchema } from './modules/redemptions/entities';
import { OfferDailyStatSchema } from './modules/tracking/entities';

/** Offers' own entities (the runtime adds the outbox and processed-event ones). */
export const entities = [
  OfferSchema,
  RedemptionSchema,
  OfferDailyStatSchema,
  MerchantApplicationSchema,
  AuditLogSchema,
  CodeReportSchema,
  BrandSchema,
  OfferProposalSchema,
  CheckoutRedemptionSchema,
  CheckoutOrderSchema,
] as EntitySchema[];

/** Offers' own migrations, oldest first; they run after @tullab/events' `eventsMigration`. */
export const migrations: MigrationObject[] = [
  ...auditLogMigrations,
  { name: 'Migration20261122200000Offers', class: Migration20261122200000Offers },
  {
    name: 'Migration20261125200000ApplicationConfirmations',
    class: Migration20261125200000ApplicationConfirmations,
  },
  { name: 'Migration20261125500000ArchivedOffers', class: Migration20261125500000ArchivedOffers },
  { name: 'Migration20261125600000TrustedCounters', class: Migration20261125600000TrustedCounters },
  { name: 'Migration20261126300000ArabicTexts', class: Migration20261126300000ArabicTexts },
  { name: 'Migration20261126500000OneCodePerOffer', class: Migration20261126500000OneCodePerOffer },
  { name: 'Migration20261126710000CodeReports', class: Migration20261126710000CodeReports },
  { name: 'Migration20261126720000SavedOffers', class: Migration20261126720000SavedOffers },
  { name: 'Migration20261128100000Brands', class: Migration20261128100000Brands },
  { name: 'Migration20261128200000FunnelStudents', class: Migration20261128200000FunnelStudents },
  { name: 'Migration20261128300000OfferProposals', class: Migration20261128300000OfferProposals },
  { name: 'Migration20261201700000InstitutionMonths', class: Migration20261201700000InstitutionMonths },
  { name: 'Migration20261204100000CheckoutRedemptions', class: Migration20261204100000CheckoutRedemptions },
];
