import type { StaffRecord as StaffMember, StaffRole } from '@tullab/contracts';
import type { RaRecord } from 'react-admin';

/** identity's texts (SPEC §5 where it has them). */
export { staffMessages } from '@tullab/contracts';

/** A staff member (`/api/admin/staff`, admins only). */
export type StaffRecord = StaffMember & RaRecord;

export const roleLabels: Record<StaffRole, string> = { staff: 'Staff', admin: 'Admin' };
