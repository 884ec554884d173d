import type { EntityManager } from '@mikro-orm/core';
import { isHostname } from '@tullab/contracts';
import {
  InstitutionDomainSchema,
  InstitutionSchema,
  type Institution,
  type InstitutionDomain,
} from './entities';
import { isPublicMailDomain } from './public-mail';

export { isHostname };

/**
 * The domain of an e-mail address as the data file's matching rule reads it: the part after the last `@`, trimmed,
 * lower-cased, without a leading `www.`; null when there is no valid hostname there.
 */
export function normaliseEmailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  return isHostname(domain) ? domain : null;
}

/** The domain and every parent of it, longest first: `a.b.ae` → `a.b.ae`, `b.ae`, `ae`. */
export function domainSuffixes(domain: string): string[] {
  const labels = domain.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

export interface Recognition {
  institution: Institution;
  domain: InstitutionDomain;
}

/**
 * The swot rule: a domain is recognised when it, or a parent of it at a dot boundary, is a listed domain (the
 * longest listed one decides), that domain's confidence is not `low` and its institution is active.
 */
export async function recogniseDomain(em: EntityManager, domain: string): Promise<Recognition | null> {
  if (isPublicMailDomain(domain)) return null;
  const suffixes = domainSuffixes(domain);
  const rows = await em.find(InstitutionDomainSchema, { domain: { $in: suffixes } });
  const match = rows.sort((a, b) => b.domain.length - a.domain.length)[0];
  if (!match || match.confidence === 'low') return null;
  const institution = await em.findOneOrFail(InstitutionSchema, { id: match.institutionId });
  return institution.active ? { institution, domain: match } : null;
}
