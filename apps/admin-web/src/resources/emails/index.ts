import OutboxIcon from '@mui/icons-material/Outbox';
import { EmailList } from './EmailList';
import { EmailShow } from './EmailShow';

export default {
  list: EmailList,
  show: EmailShow,
  icon: OutboxIcon,
  options: { label: 'E-mails' },
};
