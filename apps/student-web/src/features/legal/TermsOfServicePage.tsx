import { LegalPage, OFFICE_ADDRESS_BLOCK, type LegalDocument } from './LegalPage';

/**
 * SPEC §2: effective October 2025, last updated 8 October 2025; UAE law, Dubai courts. The words are in the `legal`
 * catalogue under `terms`; each block names its paragraph (`p1`…) or its list items (`items.<name>`).
 */
export const termsOfService: LegalDocument = {
  key: 'terms',
  effective: '2025-10',
  lastUpdated: '2025-10-08',
  sections: [
    { id: 'acceptance-of-terms', blocks: ['p1'] },
    { id: 'service-description', blocks: ['p1', 'p2'] },
    {
      id: 'eligibility',
      blocks: ['p1', { items: ['enrolled', 'age', 'accurate', 'oneAccount'] }, 'p2'],
    },
    { id: 'student-verification', blocks: ['p1', 'p2', 'p3'] },
    {
      id: 'acceptable-use',
      blocks: ['p1', { items: ['sharing', 'multipleAccounts', 'automation', 'security', 'unlawful'] }],
    },
    {
      id: 'discount-terms-and-limitations',
      blocks: [
        'p1',
        { items: ['verifiedOnly', 'oneCode', 'singleUse', 'noCash', 'currency', 'brandTerms'] },
        'p2',
      ],
    },
    { id: 'account-management', blocks: ['p1', 'p2'] },
    { id: 'limitation-of-liability', blocks: ['p1', 'p2'] },
    { id: 'intellectual-property', blocks: ['p1'] },
    { id: 'modifications-to-terms', blocks: ['p1'] },
    { id: 'governing-law', blocks: ['p1'] },
    { id: 'contact-information', blocks: ['p1', OFFICE_ADDRESS_BLOCK] },
  ],
};

export function TermsOfServicePage() {
  return <LegalPage document={termsOfService} />;
}
