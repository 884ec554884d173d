import BadgeIcon from '@mui/icons-material/Badge';
import { StaffCreate } from './StaffCreate';
import { StaffEdit } from './StaffEdit';
import { StaffList } from './StaffList';

/** Admins only: authProvider.canAccess hides the menu item and refuses the pages for the staff role. */
export default {
  list: StaffList,
  create: StaffCreate,
  edit: StaffEdit,
  icon: BadgeIcon,
  options: { label: 'Staff' },
  recordRepresentation: (record: { firstName: string; lastName: string }) =>
    `${record.firstName} ${record.lastName}`,
};
