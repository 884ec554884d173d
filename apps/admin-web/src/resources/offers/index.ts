import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { OfferCreate, OfferEdit } from './OfferEdit';
import { OfferList } from './OfferList';
import { OfferShow } from './OfferShow';

export default {
  list: OfferList,
  show: OfferShow,
  edit: OfferEdit,
  create: OfferCreate,
  icon: LocalOfferIcon,
  options: { label: 'Offers' },
  recordRepresentation: 'title',
};
