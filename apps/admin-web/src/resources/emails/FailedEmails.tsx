import { Link, useGetList } from 'react-admin';
import { LoadState } from '../../components/LoadState';
import { StatTiles } from '../../components/StatTiles';
import { failedEmailsPath, type EmailRecord } from './types';

/**
 * How many e-mails the mail server refused for good (or that could not be rendered), linking to them; for the
 * dashboard. Only the count is read (a page of one).
 */
export function FailedEmails() {
  const { total, error, isPending, refetch } = useGetList<EmailRecord>('emails', {
    filter: { status: 'failed' },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  const loaded = {
    data: isPending ? undefined : (total ?? 0),
    error: error ?? undefined,
    reload: () => void refetch(),
  };
  return (
    <LoadState loaded={loaded} label="Loading failed e-mails" height={88}>
      {(count) => (
        <StatTiles
          tiles={[
            {
              label: 'Failed e-mails',
              value: count ? (
                <Link to={failedEmailsPath} aria-label={`${count} failed e-mail${count === 1 ? '' : 's'}`}>
                  {count}
                </Link>
              ) : (
                0
              ),
              hint: count ? 'refused by the mail server' : 'Every e-mail went out or is on its way',
              warn: count > 0,
            },
          ]}
        />
      )}
    </LoadState>
  );
}
