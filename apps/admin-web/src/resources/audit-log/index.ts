import GavelIcon from '@mui/icons-material/Gavel';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { IdentityAuditLog, OfferAuditLog, VerificationAuditLog } from './AuditLogs';

/** The three logs appear together under "Audit log" in the menu (layout/ConsoleMenu). */
export const auditLog = {
  list: VerificationAuditLog,
  icon: GavelIcon,
  options: { label: 'Verification decisions' },
};
export const offerAuditLog = {
  list: OfferAuditLog,
  icon: StorefrontIcon,
  options: { label: 'Offers and merchants' },
};
export const identityAuditLog = {
  list: IdentityAuditLog,
  icon: ManageAccountsIcon,
  options: { label: 'Account actions' },
};
