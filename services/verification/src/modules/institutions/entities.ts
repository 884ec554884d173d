import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { domainConfidences, domainKinds } from '@tullab/contracts';

/** A UAE higher-education institution (src/data/uae-institutions.json, then staff edits). */
export const InstitutionSchema = defineEntity({
  name: 'Institution',
  tableName: 'institution',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    otherNames: p.json<string[]>(),
    emirate: p.string().nullable(),
    city: p.string().nullable(),
    /** the data file's status (`active`, `closed`, …), or `staff-added` */
    status: p.string(),
    /** only an active institution's domains are recognised; staff switch it off to stop recognition */
    active: p.boolean(),
    /** the data file's name for seeded rows, so re-seeding finds them; null for staff-added ones */
    sourceKey: p.string().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Institution = InferEntity<typeof InstitutionSchema>;

/** One e-mail domain of an institution; a domain belongs to at most one institution. */
export const InstitutionDomainSchema = defineEntity({
  name: 'InstitutionDomain',
  tableName: 'institution_domain',
  properties: {
    id: p.uuid().primary(),
    institutionId: p.uuid(),
    /** lower-case hostname without `www.` */
    domain: p.string(),
    kind: p.enum([...domainKinds]),
    confidence: p.enum([...domainConfidences]),
    createdAt: p.datetime(),
  },
});
export type InstitutionDomain = InferEntity<typeof InstitutionDomainSchema>;
