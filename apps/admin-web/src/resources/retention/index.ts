import AutoDeleteIcon from '@mui/icons-material/AutoDelete';
import { RetentionList } from './RetentionList';

export default {
  list: RetentionList,
  icon: AutoDeleteIcon,
  options: { label: 'Data retention' },
};
