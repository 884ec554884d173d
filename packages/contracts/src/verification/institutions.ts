import { z } from 'zod';

export const emirates = [
  'Abu Dhabi',
  'Ajman',
  'Dubai',
  'Fujairah',
  'Ras Al Khaimah',
  'Sharjah',
  'Umm Al Quwain',
] as const;
export type Emirate = (typeof emirates)[number];

/** How sure the data file (or staff) is that a domain is the institution's. */
export const domainConfidences = ['high', 'medium', 'low'] as const;
export const domainKinds = ['institution', 'student-subdomain', 'web-observed'] as const;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A lower-case DNS hostname of at least two labels (`cud.ac.ae`), at most 253 characters. */
export function isHostname(value: string): boolean {
  const labels = value.split('.');
  return value.length <= 253 && labels.length >= 2 && labels.every((label) => LABEL.test(label));
}

export const institutionIdParams = z.object({ id: z.uuid('Not a valid institution id') });

const optionalText = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).nullable().default(null);

/**
 * POST /admin/institutions and PUT /admin/institutions/:id. `refusedDomain` is the service's check that a domain is
 * a public mail provider's (its list is a data file only the server has); clients leave it out.
 */
export function institutionBodies(refusedDomain: (domain: string) => boolean = () => false) {
  const domainInput = z.object({
    domain: z
      .string({ error: 'Please enter a domain, e.g. uni.ac.ae' })
      .trim()
      .toLowerCase()
      .refine(isHostname, 'Please enter a domain, e.g. uni.ac.ae')
      .refine((domain) => !refusedDomain(domain), 'A public mail provider cannot be an institution domain'),
    confidence: z.enum(domainConfidences).default('high'),
    kind: z.enum(domainKinds).default('institution'),
  });
  /** The fields staff set; `status` and the data-file key are the service's. */
  const create = z.object({
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
  /** PUT replaces the record and its domain list, so `active` must be given. */
  const update = create.extend({ active: z.boolean('Active must be true or false') });
  return { createInstitutionBody: create, updateInstitutionBody: update };
}

export const { createInstitutionBody, updateInstitutionBody } = institutionBodies();
export type CreateInstitutionBody = z.infer<typeof createInstitutionBody>;
export type UpdateInstitutionBody = z.infer<typeof updateInstitutionBody>;

export interface InstitutionDomainRecord {
  domain: string;
  confidence: (typeof domainConfidences)[number];
  kind: (typeof domainKinds)[number];
}

/** A UAE institution whose e-mail domains verify students by code (`/admin/institutions`). */
export interface InstitutionRecord {
  id: string;
  name: string;
  otherNames: string[];
  emirate: string | null;
  city: string | null;
  /** the data file's status, or `staff-added` */
  status: string;
  active: boolean;
  domains: InstitutionDomainRecord[];
  createdAt: string;
}
