import { AuditLogList } from './AuditLogList';

/**
 * Verification's log: staff decisions on requests, every document view, every change to an institution (its
 * domains decide which addresses prove a student), and every document file the retention policies deleted.
 */
export function VerificationAuditLog() {
  return (
    <AuditLogList
      actions={{
        approve: 'Approved',
        reject: 'Rejected',
        'view-document': 'Viewed the document',
        create: 'Created',
        update: 'Edited',
        delete: 'Deleted',
        'delete-document-file': 'Deleted the file (retention)',
        'delete-orphaned-file': 'Deleted a file no verification names (retention)',
        'run-retention': 'Ran a retention policy',
        'erase-personal-data': 'Erased the data (account deleted)',
      }}
      resources={{
        verifications: 'Verifications',
        institutions: 'Institutions',
        'retention-runs': 'Retention runs',
        'document-files': 'Document files',
        students: 'Students',
      }}
      fields={{ otherNames: 'Other names', documentKey: 'File' }}
    />
  );
}

/** Offers' log: decisions on merchant applications, and every staff change of an offer with what it changed. */
export function OfferAuditLog() {
  return (
    <AuditLogList
      actions={{
        approve: 'Approved',
        reject: 'Rejected',
        create: 'Created',
        update: 'Edited',
        pause: 'Paused',
        resume: 'Put live',
        delete: 'Deleted',
        'import-codes': 'Imported codes',
        'change-logo': 'Changed the logo',
        'erase-personal-data': 'Anonymised the redemptions (account deleted)',
      }}
      resources={{ 'merchant-applications': 'Merchant applications', offers: 'Offers', students: 'Students' }}
      fields={{
        businessCategory: 'Category',
        offerType: 'Type',
        websiteLink: 'Website',
        expiresAt: 'Valid until',
        discountRedemptionGuide: 'How to redeem',
        titleAr: 'Title (Arabic)',
        descriptionAr: 'Description (Arabic)',
        discountRedemptionGuideAr: 'How to redeem (Arabic)',
        termsAndConditionsAr: 'Terms and conditions (Arabic)',
        maxRedemptionsPerStudent: 'Codes per student',
        codesTotal: 'Codes in the pool',
      }}
    />
  );
}

/** Identity's log: actions on student and staff accounts. */
export function IdentityAuditLog() {
  return (
    <AuditLogList
      actions={{
        disable: 'Disabled',
        enable: 'Enabled',
        'end-sessions': 'Ended sessions',
        invite: 'Invited',
        'accept-invitation': 'Accepted the invitation',
        'change-role': 'Changed the role',
        'delete-account': 'Deleted the account',
        'export-personal-data': 'Downloaded the data export',
      }}
      resources={{ students: 'Students', staff: 'Staff' }}
    />
  );
}
