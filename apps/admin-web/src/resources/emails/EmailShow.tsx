import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { RecordField, Show, TopToolbar, useRecordContext } from 'react-admin';
import { Section, SectionGrid } from '../../components/Section';
import { WhenField } from '../../components/WhenField';
import { humanise } from '../../format';
import { EmailStatusChip } from './EmailStatusChip';
import { RetryEmailButton } from './RetryEmailButton';
import type { EmailRecord } from './types';

const subjectOf = (record: EmailRecord) =>
  record.subject === record.template ? humanise(record.template) : record.subject;

function EmailTitle() {
  const record = useRecordContext<EmailRecord>();
  return <>{record ? `E-mail to ${record.recipient}` : 'E-mail'}</>;
}

function EmailDetails() {
  const record = useRecordContext<EmailRecord>();
  if (!record) return null;
  return (
    <SectionGrid>
      <Section title="Delivery" wide>
        <RecordField label="Status">
          <EmailStatusChip />
        </RecordField>
        {record.lastError ? (
          <Alert severity={record.status === 'failed' ? 'error' : 'warning'}>
            <Typography component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontSize: 13 }}>
              {record.lastError}
            </Typography>
          </Alert>
        ) : null}
        {record.retryNote ? <Alert severity="info">{record.retryNote}</Alert> : null}
        <RecordField source="attempts" label="Attempts" />
        {record.status === 'pending' ? (
          <RecordField source="nextAttemptAt" label="Next attempt" field={WhenField} />
        ) : null}
      </Section>
      <Section title="E-mail">
        <RecordField source="recipient" label="To" />
        <RecordField label="Subject" render={subjectOf} />
        <RecordField label="Template" render={(r: EmailRecord) => humanise(r.template)} />
        <RecordField source="id" label="Id (find it in the logs)" />
      </Section>
      <Section title="Times">
        <RecordField source="createdAt" label="Created" field={WhenField} />
        <RecordField source="updatedAt" label="Last change" field={WhenField} />
        <RecordField source="sentAt" label="Sent" field={WhenField} />
        <RecordField source="expiresAt" label="Not sent after" field={WhenField} />
      </Section>
    </SectionGrid>
  );
}

/** One mail with its last error; a failed one that can be sent again has Retry. */
export function EmailShow() {
  return (
    <Show
      title={<EmailTitle />}
      actions={
        <TopToolbar>
          <RetryEmailButton />
        </TopToolbar>
      }
    >
      <EmailDetails />
    </Show>
  );
}
