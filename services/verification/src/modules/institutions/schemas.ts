import { institutionBodies } from '@tullab/contracts';
import type { ListQueryOptions } from '@tullab/http';
import { isPublicMailDomain } from './public-mail';

/** GET /admin/institutions: `filter={"q":"…","active":true,"emirate":"Dubai"}`, `sort=["name"|"createdAt",…]`. */
export const listInstitutionsOptions: ListQueryOptions = {
  sortable: ['name', 'createdAt'],
  filterable: { active: 'bool', emirate: 'eq' },
  defaultSort: ['name', 'ASC'],
  search: ['name'],
};

/** The contract's bodies, refusing a public mail provider's domain (its list is this service's data file). */
export const { createInstitutionBody, updateInstitutionBody } = institutionBodies(isPublicMailDomain);
