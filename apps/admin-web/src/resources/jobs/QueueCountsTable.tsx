import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link } from 'react-admin';
import { LoadState } from '../../components/LoadState';
import { useLoaded } from '../../hooks/use-loaded';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import type { QueueCounts } from './types';

/** The failed jobs of one queue in the jobs list (react-admin reads list filters from the URL). */
export const failedJobsPath = (queue: string) =>
  `/jobs?filter=${encodeURIComponent(JSON.stringify({ queue }))}`;

/** Completed jobs are left out: BullMQ drops them after a day, so their count says little. */
const columns: Array<keyof Omit<QueueCounts, 'queue' | 'completed'>> = [
  'waiting',
  'active',
  'delayed',
  'failed',
];

/**
 * Every queue's counts, so an operator sees when mail or tracking is stuck: jobs waiting with none active, or a
 * failed set that grows. A queue with failed jobs links to them.
 */
export function QueueCountsTable() {
  const dataProvider = useConsoleDataProvider();
  const counts = useLoaded(
    'jobs-summary',
    async () => (await dataProvider.summary<QueueCounts[]>('jobs')).data,
  );
  return (
    <LoadState loaded={counts} label="Loading the queues" height={200}>
      {(rows) => (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Background jobs per queue">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Queue
                </TableCell>
                {columns.map((column) => (
                  <TableCell
                    key={column}
                    component="th"
                    scope="col"
                    align="right"
                    sx={{ textTransform: 'capitalize' }}
                  >
                    {column}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.queue} sx={row.failed > 0 ? { bgcolor: '#FFF4E5' } : undefined}>
                  <TableCell component="th" scope="row">
                    {row.queue}
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column} align="right">
                      {column === 'failed' && row.failed > 0 ? (
                        <Link
                          to={failedJobsPath(row.queue)}
                          aria-label={`${row.failed} failed job${row.failed === 1 ? '' : 's'} in ${row.queue}`}
                        >
                          {row.failed}
                        </Link>
                      ) : (
                        row[column]
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </LoadState>
  );
}
