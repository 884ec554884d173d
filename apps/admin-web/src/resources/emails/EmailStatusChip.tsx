import Chip, { type ChipProps } from '@mui/material/Chip';
import { useRecordContext } from 'react-admin';
import { deliveryLabels, deliveryState, type DeliveryState, type EmailRecord } from './types';

const tones: Record<DeliveryState, ChipProps['color']> = {
  failed: 'error',
  retrying: 'warning',
  waiting: 'info',
  sent: 'success',
  expired: 'default',
};

/** A mail's delivery as a coloured chip; the text always says it, so colour is never the only cue. */
export function EmailStatusChip() {
  const record = useRecordContext<EmailRecord>();
  if (!record) return null;
  const state = deliveryState(record);
  return <Chip size="small" color={tones[state]} label={deliveryLabels[state]} />;
}
