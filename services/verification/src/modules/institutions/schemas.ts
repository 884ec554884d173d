import { institutionBodies } from '@tullab/contracts';
import { isPublicMailDomain } from './public-mail';

/** The contract's bodies, refusing a public mail provider's domain (its list is this service's data file). */
export const { createInstitutionBody, updateInstitutionBody } = institutionBodies(isPublicMailDomain);
