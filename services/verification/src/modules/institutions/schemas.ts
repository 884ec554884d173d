import type { ListQueryOptions } from '@tullab/http';
import { z } from 'zod';
import { confidences, domainKinds } from './entities';
import { isPublicMailDomain } from './public-mail';
import { isHostname } from './recognition';

export const emirates = [
  'Abu Dhabi',
  'Ajman',
  'Dubai',
  'Fujairah',
  'Ras Al Khaimah',
  'Sharjah',
  'Umm Al Quwain',
] as const;

/** GET /admin/institutions: `filter={"q":"…","active":true,"emirate":"Dubai"}`, `sort=["name"|"createdAt",…]`. */
export const listInstitutionsOptions: ListQueryOptions = {
  sortable: ['name', 'createdAt'],
  filterable: { active: 'bool', emirate: 'eq' },
  defaultSort: ['name', 'ASC'],
  search: ['name'],
};

export const institutionIdParams = z.object({ id: z.uuid('Not a valid institution id') });

const domainInput = z.object({
  domain: z
    .string({ error: 'Please enter a domain, e.g. uni.ac.ae' })
    .trim()
    .toLowerCase()
    .refine(isHostname, 'Please enter a domain, e.g. uni.ac.ae')
    .refine(
      (domain) => !isPublicMailDomain(domain),
      'A public mail provider cannot be an institution domain',
    ),
  confidence: z.enum(confidences).default('high'),
  kind: z.enum(domainKinds).default('institution'),
});

const optionalText = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).nullable().default(null);

/** POST /admin/institutions: the fields staff set; `status` and the data-file key are the service's. */
export const createInstitutionBody = z.object({
  name: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(200, 'Name must be at most 200 characters'),
  otherNames: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  emirate: z.enum(emirates, 'Please choose an emirate').nullable().default(null),
  city: optionalText(100, 'City must be at most 100 characters'),
  active: z.boolean().default(true),
  domains: z
    .array(domainInput)
    .min(1, 'Add at least one domain')
    .max(50, 'At most 50 domains')
    .refine(
      (domains) => new Set(domains.map((d) => d.domain)).size === domains.length,
      'Each domain may be listed once',
    ),
});
export type CreateInstitutionBody = z.infer<typeof createInstitutionBody>;

/** PUT /admin/institutions/:id replaces the record and its domain list, so `active` must be given. */
export const updateInstitutionBody = createInstitutionBody.extend({
  active: z.boolean('Active must be true or false'),
});
export type UpdateInstitutionBody = z.infer<typeof updateInstitutionBody>;
