import { AuditLogList } from './AuditLogList';

/**
 * Verification's log: staff decisions on requests, every document view, and every change to an institution (its
 * domains decide which addresses prove a student).
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
      }}
      resources={{ verifications: 'Verifications', institutions: 'Institutions' }}
      fields={{ otherNames: 'Other names' }}
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
      }}
      resources={{ 'merchant-applications': 'Merchant applications', offers: 'Offers' }}
      fields={{
        businessCategory: 'Category',
        offerType: 'Type',
        websiteLink: 'Website',
        expiresAt: 'Valid until',
        discountRedemptionGuide: 'How to redeem',
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
      }}
      resources={{ students: 'Students', staff: 'Staff' }}
    />
  );
}
