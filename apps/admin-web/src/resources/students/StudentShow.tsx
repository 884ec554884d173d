import {
  BooleanField,
  DataTable,
  EmailField,
  FunctionField,
  Pagination,
  RecordField,
  ReferenceManyField,
  Show,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { AccountButtons } from '../../components/AccountButtons';
import { Section, SectionGrid } from '../../components/Section';
import { StatusChip } from '../../components/StatusChip';
import { DayField, WhenField } from '../../components/WhenField';
import { humanise } from '../../format';
import { VerificationHistory } from '../verifications/VerificationHistory';
import { PersonalDataButtons } from './PersonalDataButtons';
import { fullName, verificationStatusLabels, type StudentRecord } from './types';

function StudentTitle() {
  const record = useRecordContext<StudentRecord>();
  return <>{record ? fullName(record) : 'Student'}</>;
}

/** What staff did to this account (identity's audit log, filtered on the server by subject). */
function AccountHistory() {
  return (
    <ReferenceManyField
      reference="identity-audit-log"
      target="subjectId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
    >
      <DataTable bulkActionButtons={false} empty={<>No staff actions on this account.</>}>
        <DataTable.Col source="createdAt" label="When" field={WhenField} />
        <DataTable.Col source="action" label="Action">
          <FunctionField render={(r) => humanise(r.action)} />
        </DataTable.Col>
        <DataTable.Col source="reason" label="Reason" disableSort />
        <DataTable.Col source="actorId" label="By (staff id)" disableSort />
      </DataTable>
    </ReferenceManyField>
  );
}

/** The codes and links this student was given (offers' redemptions, newest first). */
function Redemptions() {
  return (
    <ReferenceManyField
      reference="redemptions"
      target="userId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
    >
      <DataTable bulkActionButtons={false} empty={<>No redemptions yet.</>}>
        <DataTable.Col source="createdAt" label="When" field={WhenField} />
        <DataTable.Col source="brandName" label="Brand" disableSort />
        <DataTable.Col source="offerTitle" label="Offer" disableSort />
        <DataTable.Col source="code" label="Code" disableSort />
      </DataTable>
    </ReferenceManyField>
  );
}

function StudentDetails() {
  const record = useRecordContext<StudentRecord>();
  if (!record) return null;
  return (
    <SectionGrid>
      <Section title="Profile">
        <RecordField label="Name" render={fullName} />
        <RecordField source="email" label="E-mail (signs in with)" field={EmailField} />
        <RecordField source="phone" label="Phone" empty="–" />
        <RecordField source="createdAt" label="Joined" field={WhenField} />
        <RecordField source="lastSeenAt" label="Last seen" field={WhenField} />
        <RecordField source="disabled" label="Disabled" field={BooleanField} />
        {record.deletedAt ? <RecordField source="deletedAt" label="Deleted" field={WhenField} /> : null}
      </Section>
      <Section title="Verification">
        <RecordField label="Status">
          <StatusChip source="verificationStatus" labels={verificationStatusLabels} />
        </RecordField>
        <RecordField source="studentEmail" label="Student e-mail" empty="–" />
        <RecordField source="verifiedAt" label="Verified" field={WhenField} />
        <RecordField source="verificationExpiresAt" label="Verification expires" field={DayField} />
      </Section>
      <Section title="Verification requests" wide>
        <VerificationHistory source="id" />
      </Section>
      <Section title="Redemptions" wide>
        <Redemptions />
      </Section>
      <Section title="Account history" wide>
        <AccountHistory />
      </Section>
    </SectionGrid>
  );
}

/** A deleted account (decision 009) takes no account action; an admin may still download what is left of it. */
function StudentActions() {
  const record = useRecordContext<StudentRecord>();
  return (
    <TopToolbar>
      {record && !record.deletedAt ? <AccountButtons /> : null}
      <PersonalDataButtons />
    </TopToolbar>
  );
}

/**
 * One student: profile, verification and its history, redemptions, the staff actions on the account, disabling it,
 * and for admins the data export and deleting the account.
 */
export function StudentShow() {
  return (
    <Show title={<StudentTitle />} actions={<StudentActions />}>
      <StudentDetails />
    </Show>
  );
}
