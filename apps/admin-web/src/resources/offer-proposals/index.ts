import RateReviewIcon from '@mui/icons-material/RateReview';
import { ProposalList } from './ProposalList';
import { ProposalShow } from './ProposalShow';

export default {
  list: ProposalList,
  show: ProposalShow,
  icon: RateReviewIcon,
  options: { label: 'Offer proposals' },
};
