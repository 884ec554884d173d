import { LegalPage, OFFICE_ADDRESS_BLOCK, type LegalDocument } from './LegalPage';

/**
 * SPEC §2: effective September 2025, last updated 26 September 2025. The words are in the `legal` catalogue under
 * `privacy`; each block names its paragraph (`p1`…) or its list items (`items.<name>`).
 */
export const privacyPolicy: LegalDocument = {
  key: 'privacy',
  effective: '2025-09',
  lastUpdated: '2025-09-26',
  sections: [
    { id: 'introduction', blocks: ['p1', 'p2', 'p3'] },
    {
      id: 'information-we-collect',
      blocks: [
        'p1',
        { items: ['account', 'verification', 'marketing', 'activity', 'messages', 'technical', 'merchants'] },
        'p2',
      ],
    },
    {
      id: 'how-we-use-your-information',
      blocks: [
        'p1',
        { items: ['provide', 'verify', 'secure', 'communicate', 'marketing', 'improve', 'comply'] },
        'p2',
      ],
    },
    {
      id: 'information-sharing',
      blocks: ['p1', { items: ['providers', 'partners', 'authorities', 'successor'] }, 'p2'],
    },
    { id: 'data-security', blocks: ['p1', 'p2', 'p3'] },
    {
      id: 'your-rights',
      blocks: [
        'p1',
        {
          items: [
            'access',
            'portability',
            'rectification',
            'erasure',
            'restriction',
            'objection',
            'withdrawal',
          ],
        },
        'p2',
      ],
    },
    {
      id: 'cookies',
      blocks: ['p1', { items: ['session', 'passwordReset', 'browserStorage'] }, 'p2'],
    },
    { id: 'updates-to-this-policy', blocks: ['p1'] },
    { id: 'contact-us', blocks: ['p1', OFFICE_ADDRESS_BLOCK] },
  ],
};

export function PrivacyPolicyPage() {
  return <LegalPage document={privacyPolicy} />;
}
