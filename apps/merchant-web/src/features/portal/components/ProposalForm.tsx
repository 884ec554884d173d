import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { MerchantOffer, MerchantOfferDetail } from '@tullab/contracts';
import { useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting, validateWith } from '@tullab/web-kit/forms/validate';
import {
  ARABIC_INPUT,
  focusFirstInvalid,
  FormSection,
  LTR_INPUT,
  SelectInput,
} from '@tullab/web-kit/offer-form/form-parts';
import { LogoInput } from '@tullab/web-kit/offer-form/LogoInput';
import {
  CategoryInput,
  ExpiryInputs,
  OfferTypeFields,
  RedemptionSection,
  WebsiteInput,
} from '@tullab/web-kit/offer-form/offer-fields';
import { useCreateProposalMutation } from '../api';
import {
  initialProposalValues,
  PROPOSAL_NAMESPACES,
  proposalForm,
  proposalValuesOf,
  toProposalFormData,
  type ProposalValues,
} from '../proposal-schema';
import { offerTitle } from './OfferStatusChip';

const validate = validateWith(proposalForm);

export interface ProposalFormProps {
  offers: MerchantOffer[];
  /** the offer to propose an edit of, with its current fields to start from; none for a new offer */
  editing?: MerchantOfferDetail;
  onDone: () => void;
}

/** "Propose a new offer" / "Propose an edit" (issue 16): staff review the proposal before students see anything. */
export function ProposalForm({ offers, editing, onDone }: ProposalFormProps) {
  const { t, i18n } = useTranslation(PROPOSAL_NAMESPACES);
  const formRef = useRef<HTMLFormElement>(null);
  const [create] = useCreateProposalMutation();
  const [initialValues] = useState(() => (editing ? proposalValuesOf(editing) : initialProposalValues()));

  const onSubmit = (values: ProposalValues) =>
    submitting(
      async () => {
        await create(toProposalFormData(values)).unwrap();
        notify(t('merchant:proposal.sentTitle'), t('merchant:proposal.sent'), 'success');
        onDone();
      },
      (error) => {
        notify(
          t('merchant:proposal.failedTitle'),
          serverMessage(error) ?? t('merchant:proposal.failed'),
          'error',
        );
        focusFirstInvalid(formRef.current);
      },
    );

  return (
    <Form<ProposalValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      subscription={{ submitting: true }}
      render={({ handleSubmit, submitting: busy }) => (
        <form
          ref={formRef}
          noValidate
          aria-label={t('merchant:proposal.formName')}
          data-testid="proposal-form"
          onSubmit={(event) => {
            void handleSubmit(event);
            focusFirstInvalid(formRef.current);
          }}
        >
          <SelectInput
            name="offerId"
            label={t('merchant:proposal.kind')}
            options={[
              { value: '', label: t('merchant:proposal.newOffer') },
              ...offers.map((offer) => ({
                value: offer.id,
                label: t('merchant:proposal.editOf', { title: offerTitle(offer, i18n.language) }),
              })),
            ]}
          />
          <FormSection title={t('merchant:proposal.textsSection')}>
            <TextInput name="title" label={t('merchant:proposal.title')} required />
            <TextInput name="titleAr" label={t('merchant:proposal.titleAr')} slotProps={ARABIC_INPUT} />
            <TextInput name="description" label={t('merchant:proposal.description')} multiline minRows={3} />
            <TextInput
              name="descriptionAr"
              label={t('merchant:proposal.descriptionAr')}
              multiline
              minRows={3}
              slotProps={ARABIC_INPUT}
            />
            <CategoryInput name="businessCategory" />
            <LogoInput name="logoFile" label={t('merchant:proposal.logo')} />
          </FormSection>
          <FormSection title={t('merchants:form.offerSection')}>
            <OfferTypeFields
              after={
                <TextInput
                  name="code"
                  label={t('merchant:proposal.code')}
                  helperText={t('merchant:proposal.codeHelp')}
                  slotProps={LTR_INPUT}
                />
              }
            />
            <WebsiteInput />
            <ExpiryInputs />
          </FormSection>
          <RedemptionSection />
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
            <Button onClick={onDone} disabled={busy}>
              {t('merchant:cancel')}
            </Button>
            <SubmitButton busy={busy} busyLabel={t('merchant:proposal.sending')}>
              {t('merchant:proposal.submit')}
            </SubmitButton>
          </Stack>
        </form>
      )}
    />
  );
}
