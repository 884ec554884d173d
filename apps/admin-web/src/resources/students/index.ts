import SchoolIcon from '@mui/icons-material/School';
import { StudentList } from './StudentList';
import { StudentShow } from './StudentShow';
import { fullName } from './types';

export default {
  list: StudentList,
  show: StudentShow,
  icon: SchoolIcon,
  options: { label: 'Students' },
  recordRepresentation: fullName,
};
