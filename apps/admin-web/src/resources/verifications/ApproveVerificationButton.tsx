import { verificationAdmin } from '@tullab/contracts/route-table';
import DialogContentText from '@mui/material/DialogContentText';
import {
  AutocompleteInput,
  BooleanInput,
  FormDataConsumer,
  ReferenceInput,
  required,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { ApproveButton } from '../../components/ApproveButton';
import { useAction } from '../../hooks/use-action';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import type { VerificationRecord } from './types';

export const CHOOSE_INSTITUTION = 'Please choose an institution';

interface ApproveValues {
  addDomain: boolean;
  addDomainToInstitutionId: string | null;
}

/**
 * Approves a pending request. For a student e-mail whose domain is not recognised, staff may also add the domain to
 * an institution (picked by searching the institutions), so the next students of that domain get a code at once.
 */
export function ApproveVerificationButton() {
  const record = useRecordContext<VerificationRecord>();
  const dataProvider = useConsoleDataProvider();
  const refresh = useRefresh();
  const { run, isPending } = useAction();
  if (!record) return null;
  const domain = record.method === 'email' && !record.domainRecognised ? record.emailDomain : null;

  const approve = async (values: Partial<ApproveValues>) => {
    const body =
      domain && values.addDomain && values.addDomainToInstitutionId
        ? { addDomainToInstitutionId: values.addDomainToInstitutionId }
        : undefined;
    const answer = await run(
      () => dataProvider.call(verificationAdmin.approveVerification, { id: record.id }, body),
      'Verification approved',
    );
    if (!answer) return false;
    refresh();
    return true;
  };

  return (
    <ApproveButton<ApproveValues>
      title="Approve this verification?"
      pending={isPending}
      onApprove={approve}
      formDefaults={{ addDomain: false, addDomainToInstitutionId: record.institutionId }}
      fullWidth
    >
      <DialogContentText>
        {record.firstName} becomes a verified student and is told by e-mail.
      </DialogContentText>
      {domain ? (
        <>
          <BooleanInput
            source="addDomain"
            label={`Also add ${domain} to an institution`}
            helperText="Students with this domain then get a code by e-mail, without a review."
          />
          <FormDataConsumer<ApproveValues>>
            {({ formData }) =>
              formData.addDomain ? (
                <ReferenceInput
                  source="addDomainToInstitutionId"
                  reference="institutions"
                  sort={{ field: 'name', order: 'ASC' }}
                >
                  <AutocompleteInput
                    label="Institution"
                    optionText="name"
                    validate={required(CHOOSE_INSTITUTION)}
                    fullWidth
                  />
                </ReferenceInput>
              ) : null
            }
          </FormDataConsumer>
        </>
      ) : null}
    </ApproveButton>
  );
}
