import type { InstitutionRecord as Institution } from '@tullab/contracts';
import type { RaRecord } from 'react-admin';

export { emirates, type InstitutionDomainRecord as InstitutionDomain } from '@tullab/contracts';

export const confidenceLabels = { high: 'High', medium: 'Medium', low: 'Low' } as const;
export const domainKindLabels = {
  institution: 'Institution',
  'student-subdomain': 'Student subdomain',
  'web-observed': 'Seen on the web',
} as const;

/** A UAE institution whose e-mail domains verify students by code (`/api/admin/institutions`). */
export type InstitutionRecord = Institution & RaRecord;
