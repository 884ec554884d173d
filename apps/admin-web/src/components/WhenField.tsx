import { DateField } from 'react-admin';
import { dateOptions, dateTimeOptions, LOCALE } from '../format';

/** A moment in UAE time ('12 Nov 2026, 14:05'); empty when there is none. */
export function WhenField({ source }: { source: string }) {
  return <DateField source={source} showTime locales={LOCALE} options={dateTimeOptions} emptyText="–" />;
}

/** A day in UAE time ('12 Nov 2026'), for dates that end a validity (an offer's expiry, a verification's). */
export function DayField({ source }: { source: string }) {
  return <DateField source={source} locales={LOCALE} options={dateOptions} emptyText="–" />;
}
