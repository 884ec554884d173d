import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { JobList } from './JobList';

export default {
  list: JobList,
  icon: ErrorOutlineIcon,
  options: { label: 'Failed jobs' },
};
