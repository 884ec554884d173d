/** Who runs Tullab and how to reach them: one place for the contact page, the legal pages and support notes. */
export const COMPANY_NAME = 'Tullab FZ-LLC';
export const SUPPORT_EMAIL = 'support@tullab.ae';
export const PRIVACY_EMAIL = 'privacy@tullab.ae';
export const OFFICE_ADDRESS = [
  'Tullab FZ-LLC',
  'Dubai Silicon Oasis',
  'Dubai, United Arab Emirates',
] as const;

/** SPEC §1: the footer links two social networks. */
export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/tullab.ae' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/tullab' },
] as const;
