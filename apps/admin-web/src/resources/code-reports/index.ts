import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { CodeReportList } from './CodeReportList';
import { CodeReportShow } from './CodeReportShow';

export default {
  list: CodeReportList,
  show: CodeReportShow,
  icon: ReportProblemIcon,
  options: { label: 'Code reports' },
};
