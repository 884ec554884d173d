import { verificationAdmin } from '@tullab/contracts/route-table';
import Typography from '@mui/material/Typography';
import { BooleanField, EmailField, Link, RecordField, useRecordContext } from 'react-admin';
import { DecisionOutcome, DecisionShow } from '../../components/Decision';
import { Section, SectionGrid } from '../../components/Section';
import { StatusChip } from '../../components/StatusChip';
import { WhenField } from '../../components/WhenField';
import { formatBytes, formatDate } from '../../format';
import { ApproveVerificationButton } from './ApproveVerificationButton';
import { DocumentPreview } from './DocumentPreview';
import { VerificationHistory } from './VerificationHistory';
import {
  documentTypeLabels,
  methodLabels,
  rejectReasons,
  statusLabels,
  type VerificationRecord,
} from './types';

function VerificationTitle() {
  const record = useRecordContext<VerificationRecord>();
  return <>{record ? `Verification of ${record.firstName}` : 'Verification'}</>;
}

function EmailEvidence() {
  return (
    <Section title="Student e-mail">
      <RecordField source="studentEmail" label="Student e-mail" field={EmailField} />
      <RecordField source="emailDomain" label="Domain" />
      <RecordField source="domainRecognised" label="Domain recognised" field={BooleanField} />
      <RecordField source="institutionName" label="Institution" empty="Not recognised" />
    </Section>
  );
}

function DocumentEvidence({ record }: { record: VerificationRecord }) {
  return (
    <Section title="Document" wide>
      <RecordField
        label="Type"
        render={(r: VerificationRecord) => documentTypeLabels[r.documentType ?? ''] ?? r.documentType}
      />
      <RecordField source="institutionName" label="Institution (as the student wrote it)" />
      <RecordField
        label="File"
        render={(r: VerificationRecord) => `${r.documentName ?? 'document'} (${formatBytes(r.documentSize)})`}
      />
      {record.hasDocument && record.documentDeletedAt ? (
        <Typography color="text.secondary">
          File deleted on {formatDate(record.documentDeletedAt)} (retention)
        </Typography>
      ) : record.hasDocument ? (
        <DocumentPreview record={record} />
      ) : (
        <Typography color="text.secondary">The file of this request is no longer stored.</Typography>
      )}
    </Section>
  );
}

function VerificationDetails() {
  const record = useRecordContext<VerificationRecord>();
  if (!record) return null;
  return (
    <SectionGrid>
      <Section title="Request">
        <RecordField label="Status">
          <StatusChip source="status" labels={statusLabels} />
        </RecordField>
        <RecordField label="Method" render={(r: VerificationRecord) => methodLabels[r.method]} />
        <RecordField source="createdAt" label="Submitted" field={WhenField} />
        <DecisionOutcome />
      </Section>
      <Section title="Student">
        <RecordField source="firstName" label="First name" />
        <RecordField source="personalEmail" label="Account e-mail" field={EmailField} />
        <RecordField label="Account">
          <Link to={`/students/${record.userId}/show`}>Open the student’s account</Link>
        </RecordField>
      </Section>
      {record.method === 'email' ? <EmailEvidence /> : <DocumentEvidence record={record} />}
      <Section title="This student’s requests" wide>
        <VerificationHistory source="userId" />
      </Section>
    </SectionGrid>
  );
}

/** Why staff may reject, and who reads it. */
const rejection = {
  route: verificationAdmin.rejectVerification,
  reasons: rejectReasons,
  intro: 'The student receives this reason by e-mail.',
  success: 'Verification rejected',
};

/** One request under review: the student, the e-mail or the document, their other requests, and the decision. */
export function VerificationShow() {
  return (
    <DecisionShow title={<VerificationTitle />} approve={<ApproveVerificationButton />} reject={rejection}>
      <VerificationDetails />
    </DecisionShow>
  );
}
