import { AuditLogList } from './AuditLogList';

/** Verification's log: staff decisions on requests and every document view. */
export function VerificationAuditLog() {
  return (
    <AuditLogList
      actions={{ approve: 'Approved', reject: 'Rejected', 'view-document': 'Viewed the document' }}
      resources={{ verifications: 'Verifications' }}
    />
  );
}

/** Offers' log: decisions on merchant applications. */
export function OfferAuditLog() {
  return (
    <AuditLogList
      actions={{ approve: 'Approved', reject: 'Rejected' }}
      resources={{ 'merchant-applications': 'Merchant applications', offers: 'Offers' }}
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
