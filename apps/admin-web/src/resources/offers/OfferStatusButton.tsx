import { offersAdmin } from '@tullab/contracts/route-table';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useRecordContext } from 'react-admin';
import { ActionButton } from '../../components/ActionButton';
import type { OfferRecord } from './types';

/** Pause a live offer (it leaves the home page at once); publish a draft or resume a paused or expired one. */
export function OfferStatusButton() {
  const record = useRecordContext<OfferRecord>();
  if (!record) return null;
  if (record.status === 'live') {
    return (
      <ActionButton
        route={offersAdmin.pauseOffer}
        label="Pause"
        icon={<PauseIcon />}
        success="Offer paused"
        confirm={{
          title: 'Pause this offer?',
          content: 'It leaves the home page now; students cannot redeem it until it is resumed.',
        }}
      />
    );
  }
  return (
    <ActionButton
      route={offersAdmin.resumeOffer}
      label={record.status === 'draft' ? 'Publish' : 'Resume'}
      icon={<PlayArrowIcon />}
      success="Offer is live"
      confirm={{ title: 'Put this offer live?', content: 'It appears on the home page for every visitor.' }}
    />
  );
}
