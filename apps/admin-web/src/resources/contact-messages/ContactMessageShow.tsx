import Typography from '@mui/material/Typography';
import { EmailField, RecordField, Show, TopToolbar, useRecordContext } from 'react-admin';
import { Section, SectionGrid } from '../../components/Section';
import { StatusChip } from '../../components/StatusChip';
import { WhenField } from '../../components/WhenField';
import { HandleButtons } from './HandleButtons';
import { statusLabels, type ContactMessageRecord } from './types';

function MessageTitle() {
  const record = useRecordContext<ContactMessageRecord>();
  return <>{record ? `Message from ${record.firstName} ${record.lastName}` : 'Message'}</>;
}

function MessageDetails() {
  const record = useRecordContext<ContactMessageRecord>();
  if (!record) return null;
  return (
    <SectionGrid>
      <Section title="Message" wide>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{record.message}</Typography>
      </Section>
      <Section title="Sender">
        <RecordField label="Name" render={(r: ContactMessageRecord) => `${r.firstName} ${r.lastName}`} />
        <RecordField source="email" label="E-mail" field={EmailField} />
        <RecordField source="createdAt" label="Sent" field={WhenField} />
      </Section>
      <Section title="Status">
        <RecordField label="Status">
          <StatusChip source="status" labels={statusLabels} />
        </RecordField>
        <RecordField source="handledAt" label="Handled" field={WhenField} />
        <RecordField source="handledBy" label="Handled by (staff id)" empty="–" />
      </Section>
    </SectionGrid>
  );
}

/** A message read in full; replies go by e-mail to the sender's address. */
export function ContactMessageShow() {
  return (
    <Show
      title={<MessageTitle />}
      actions={
        <TopToolbar>
          <HandleButtons />
        </TopToolbar>
      }
    >
      <MessageDetails />
    </Show>
  );
}
