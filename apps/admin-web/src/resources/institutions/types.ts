import type { RaRecord } from 'react-admin';

export const emirates = [
  'Abu Dhabi',
  'Ajman',
  'Dubai',
  'Fujairah',
  'Ras Al Khaimah',
  'Sharjah',
  'Umm Al Quwain',
] as const;

export const confidenceLabels = { high: 'High', medium: 'Medium', low: 'Low' } as const;
export const domainKindLabels = {
  institution: 'Institution',
  'student-subdomain': 'Student subdomain',
  'web-observed': 'Seen on the web',
} as const;

export interface InstitutionDomain {
  domain: string;
  confidence: keyof typeof confidenceLabels;
  kind: keyof typeof domainKindLabels;
}

/** A UAE institution whose e-mail domains verify students by code (`/api/admin/institutions`). */
export interface InstitutionRecord extends RaRecord {
  id: string;
  name: string;
  otherNames: string[];
  emirate: string | null;
  city: string | null;
  /** the data file's status, or `staff-added` */
  status: string;
  active: boolean;
  domains: InstitutionDomain[];
  createdAt: string;
}
