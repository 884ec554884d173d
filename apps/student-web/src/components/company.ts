/** Who runs Tullab and how to reach them: one place for the contact page, the legal pages and support notes. */
export const COMPANY_NAME = 'Tullab FZ-LLC';
export const SUPPORT_EMAIL = 'support@tullab.ae';
export const PRIVACY_EMAIL = 'privacy@tullab.ae';
/** The office address's lines, as keys of `officeAddress` in the `common` catalogue (OfficeAddress shows them). */
export const OFFICE_ADDRESS = ['company', 'area', 'city'] as const;

/** SPEC §1: the footer links two social networks. */
export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/tullab.ae' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/tullab' },
] as const;
