import StorefrontIcon from '@mui/icons-material/Storefront';
import { ApplicationList } from './ApplicationList';
import { ApplicationShow } from './ApplicationShow';

export default {
  list: ApplicationList,
  show: ApplicationShow,
  icon: StorefrontIcon,
  options: { label: 'Merchant applications' },
  recordRepresentation: 'brandName',
};
