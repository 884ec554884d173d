import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { InstitutionList } from './InstitutionList';
import { InstitutionCreate, InstitutionEdit } from './InstitutionEdit';

export default {
  list: InstitutionList,
  edit: InstitutionEdit,
  create: InstitutionCreate,
  icon: AccountBalanceIcon,
  options: { label: 'Institutions' },
  recordRepresentation: 'name',
};
