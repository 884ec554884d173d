import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataTable, FunctionField, List, useRecordContext } from 'react-admin';
import { ActionButton } from '../../components/ActionButton';
import { formatDateTime } from '../../format';
import { retentionPolicies, type RetentionPolicyId } from '../../providers/retention-policies';
import type { RetentionPolicyRecord, RetentionRun } from './types';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "30 days after the decision", "60 minutes after it was stored" */
const keptFor = (r: RetentionPolicyRecord) =>
  `${r.minutes ? plural(r.minutes, 'minute') : plural(r.days, 'day')} ${r.since}`;

function Policy() {
  const record = useRecordContext<RetentionPolicyRecord>();
  if (!record) return null;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {record.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {record.description}
      </Typography>
    </Box>
  );
}

/** When a run ended, by whom, and what it removed (or why it stopped). */
function RunSummary({ run, empty }: { run: RetentionRun | null; empty: string }) {
  if (!run) return <>{empty}</>;
  const by = run.trigger === 'staff' ? 'run by staff' : 'scheduled';
  return (
    <Box>
      <Typography variant="body2">{formatDateTime(run.finishedAt)}</Typography>
      <Typography variant="body2" color={run.error ? 'error' : 'text.secondary'}>
        {run.error
          ? `Stopped after removing ${run.removed}: ${run.error}`
          : `${plural(run.removed, 'item')} removed, ${by}${run.complete ? '' : ' (more left for the next run)'}`}
      </Typography>
    </Box>
  );
}

/**
 * Data retention (issue 11 pt 5): each policy with its period, its last run and its last removal. The policies run
 * by themselves every hour; "Run now" runs one at once. What each run removed is in the audit logs, one row per item.
 */
export function RetentionList() {
  return (
    <List
      title="Data retention"
      pagination={false}
      exporter={false}
      empty={false}
      actions={false}
      disableSyncWithLocation
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col label="Policy" disableSort>
          <Policy />
        </DataTable.Col>
        <DataTable.Col label="Kept for" disableSort>
          <FunctionField<RetentionPolicyRecord> render={keptFor} />
        </DataTable.Col>
        <DataTable.Col label="Last run" disableSort>
          <FunctionField<RetentionPolicyRecord>
            render={(r) => <RunSummary run={r.lastRun} empty="Not run yet" />}
          />
        </DataTable.Col>
        <DataTable.Col label="Last removal" disableSort>
          <FunctionField<RetentionPolicyRecord>
            render={(r) => <RunSummary run={r.lastRemoval} empty="Nothing removed yet" />}
          />
        </DataTable.Col>
        <DataTable.Col label="Actions" disableSort>
          <ActionButton
            route={(record) => retentionPolicies[record.id as RetentionPolicyId].run}
            label="Run now"
            icon={<DeleteSweepIcon />}
            success="The policy ran"
            confirm={{
              title: 'Run this policy now?',
              content: 'Everything past its period is removed for good, as the scheduled run would.',
            }}
            color="error"
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
