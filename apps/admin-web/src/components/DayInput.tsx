import { DateInput } from 'react-admin';
import { dayBoundary, dubaiDay } from '../format';

export interface DayInputProps {
  /** `<field>_gte` or `<field>_lte` */
  source: string;
  label: string;
  /** the picked day counts from its first or up to its last moment, in UAE time */
  edge: 'start' | 'end';
}

/**
 * A date-range filter bound: the admin API compares `<field>_gte` / `<field>_lte` with a moment, so the picked day
 * becomes the start or the end of that day in the UAE (an "until 30 Nov" filter keeps the 30th).
 */
export function DayInput({ source, label, edge }: DayInputProps) {
  return (
    <DateInput
      source={source}
      label={label}
      format={(value?: string | null) => (value ? dubaiDay(value) : '')}
      parse={(value: string) => (value ? dayBoundary(value, edge) : null)}
    />
  );
}

/** The two bounds of a date range filter on `field`, for a list's `filters`. */
export const dayRangeFilters = (field: string, from: string, until: string) => [
  <DayInput key={`${field}_gte`} source={`${field}_gte`} label={from} edge="start" />,
  <DayInput key={`${field}_lte`} source={`${field}_lte`} label={until} edge="end" />,
];
