import FactCheckIcon from '@mui/icons-material/FactCheck';
import { VerificationList } from './VerificationList';
import { VerificationShow } from './VerificationShow';

export default {
  list: VerificationList,
  show: VerificationShow,
  icon: FactCheckIcon,
  options: { label: 'Verifications' },
  recordRepresentation: 'firstName',
};
