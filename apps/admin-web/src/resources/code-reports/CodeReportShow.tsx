import Typography from '@mui/material/Typography';
import { EmailField, Link, RecordField, Show, TopToolbar, useRecordContext } from 'react-admin';
import { Section, SectionGrid } from '../../components/Section';
import { StatusChip } from '../../components/StatusChip';
import { WhenField } from '../../components/WhenField';
import { DecisionButtons } from './DecisionButtons';
import { outcomeLabels, reasonLabels, reportStatusLabels, type CodeReportRecord } from './types';

function ReportTitle() {
  const record = useRecordContext<CodeReportRecord>();
  return <>{record ? `Code report: ${record.brandName ?? record.offerId}` : 'Code report'}</>;
}

function ReportDetails() {
  const record = useRecordContext<CodeReportRecord>();
  if (!record) return null;
  return (
    <SectionGrid>
      <Section title="Report" wide>
        <RecordField label="Reason" render={(r: CodeReportRecord) => reasonLabels[r.reason]} />
        <RecordField label="Student's words" empty="–">
          {record.text ? <Typography sx={{ whiteSpace: 'pre-wrap' }}>{record.text}</Typography> : null}
        </RecordField>
        <RecordField source="createdAt" label="Reported" field={WhenField} />
      </Section>
      <Section title="Student's code">
        <RecordField source="code" label="Code" empty="–" />
        <RecordField source="reporterFirstName" label="First name" empty="–" />
        <RecordField source="reporterEmail" label="E-mail" field={EmailField} empty="–" />
        <RecordField label="Student">
          <Link to={`/students/${record.userId}/show`}>{record.userId}</Link>
        </RecordField>
        <RecordField source="language" label="Writes in" />
      </Section>
      <Section title="Offer">
        <RecordField label="Offer">
          <Link to={`/offers/${record.offerId}/show`}>
            {`${record.brandName ?? ''}: ${record.offerTitle ?? record.offerId}`}
          </Link>
        </RecordField>
        <RecordField source="offerStatus" label="Offer status" />
        <RecordField
          label="Open reports of the offer"
          render={(r: CodeReportRecord) => `${r.offerReportsOpen}${r.offerFlagged ? ' (flagged)' : ''}`}
        />
      </Section>
      <Section title="Decision">
        <RecordField label="Status">
          <StatusChip source="status" labels={reportStatusLabels} />
        </RecordField>
        <RecordField
          label="Outcome"
          render={(r: CodeReportRecord) => (r.outcome ? outcomeLabels[r.outcome] : '–')}
        />
        <RecordField source="freshCode" label="Fresh code" empty="–" />
        <RecordField source="answer" label="Message to the student" empty="–" />
        <RecordField source="decidedAt" label="Decided" field={WhenField} />
        <RecordField source="decidedBy" label="Decided by (staff id)" empty="–" />
      </Section>
    </SectionGrid>
  );
}

/** A report in full: the student's code, the offer, and the three decisions while it is open. */
export function CodeReportShow() {
  return (
    <Show
      title={<ReportTitle />}
      actions={
        <TopToolbar>
          <DecisionButtons />
        </TopToolbar>
      }
    >
      <ReportDetails />
    </Show>
  );
}
