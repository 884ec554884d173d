import { gatewayOwn } from '@tullab/contracts/route-table';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataTable, FunctionField, List, RecordField, SelectInput, useRecordContext } from 'react-admin';
import { ActionButton } from '../../components/ActionButton';
import { WhenField } from '../../components/WhenField';
import { QueueCountsTable } from './QueueCountsTable';
import { queueNames, type FailedJobRecord } from './types';

const REASON_PREVIEW = 80;

const filters = [
  <SelectInput
    key="queue"
    source="queue"
    label="Queue"
    choices={queueNames.map((name) => ({ id: name, name }))}
    alwaysOn
  />,
];

function JobDetails() {
  const record = useRecordContext<FailedJobRecord>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, py: 1 }}>
      <RecordField source="jobId" label="Job id" variant="inline" />
      <RecordField source="createdAt" label="Created" field={WhenField} variant="inline" />
      <RecordField source="requestId" label="Request id (find it in the logs)" variant="inline" empty="–" />
      <Typography component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontSize: 13 }}>
        {record.failedReason}
      </Typography>
    </Box>
  );
}

/**
 * The BullMQ failed sets of every queue (mail that could not be sent, events that could not be applied), newest
 * first, with each queue's counts above. Retry puts a job back in its queue.
 */
export function JobList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'failedAt', order: 'DESC' }}
      exporter={false}
      title="Failed background jobs"
      empty={false}
    >
      <Box sx={{ p: 2 }}>
        <QueueCountsTable />
      </Box>
      <DataTable bulkActionButtons={false} expand={<JobDetails />} rowClick="expand">
        <DataTable.Col source="failedAt" label="Failed" field={WhenField} />
        <DataTable.Col source="queue" label="Queue" disableSort />
        <DataTable.Col source="name" label="Job" disableSort />
        <DataTable.Col label="Reason" disableSort>
          <FunctionField<FailedJobRecord>
            render={(r) =>
              r.failedReason.length > REASON_PREVIEW
                ? `${r.failedReason.slice(0, REASON_PREVIEW)}…`
                : r.failedReason
            }
          />
        </DataTable.Col>
        <DataTable.Col label="Attempts" disableSort>
          <FunctionField<FailedJobRecord> render={(r) => `${r.attemptsMade} of ${r.attempts}`} />
        </DataTable.Col>
        <DataTable.Col label="Actions" disableSort>
          <ActionButton
            route={gatewayOwn.retryJob}
            label="Retry"
            icon={<ReplayIcon />}
            success="The job is queued again"
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
