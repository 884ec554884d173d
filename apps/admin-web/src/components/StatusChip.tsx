import Chip, { type ChipProps } from '@mui/material/Chip';
import { useRecordContext } from 'react-admin';
import { humanise } from '../format';

/** How each status reads at a glance: waiting is amber, done green, refused red, everything else grey or blue. */
const tones: Record<string, ChipProps['color']> = {
  pending: 'warning',
  new: 'warning',
  paused: 'warning',
  unrecognized_domain: 'warning',
  awaiting_code: 'info',
  draft: 'info',
  approved: 'success',
  active: 'success',
  live: 'success',
  handled: 'success',
  rejected: 'error',
};

export interface StatusChipProps {
  source: string;
  /** labels for values that read badly humanised */
  labels?: Record<string, string>;
}

/** A record's status as a coloured chip; the text always says the status, so colour is never the only cue. */
export function StatusChip({ source, labels }: StatusChipProps) {
  const record = useRecordContext();
  const value: unknown = record?.[source];
  if (typeof value !== 'string' || !value) return null;
  return <Chip size="small" color={tones[value] ?? 'default'} label={labels?.[value] ?? humanise(value)} />;
}
