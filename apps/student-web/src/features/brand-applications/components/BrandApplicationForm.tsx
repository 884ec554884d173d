import { useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting, validateWith } from '@tullab/web-kit/forms/validate';
import { submitMerchantApplication } from '../api';
import {
  initialMerchantValues,
  merchantApplicationForm,
  toMerchantFormData,
  type MerchantApplicationValues,
} from '../schema';
import { MESSAGE_NAMESPACES } from '@tullab/web-kit/offer-form/messages';
import {
  ARABIC_INPUT,
  focusFirstInvalid,
  FormSection,
  LTR_INPUT,
} from '@tullab/web-kit/offer-form/form-parts';
import { LogoInput } from '@tullab/web-kit/offer-form/LogoInput';
import { CategoryInput, RedemptionSection, WebsiteInput } from '@tullab/web-kit/offer-form/offer-fields';
import { OfferTermsSection } from './OfferTermsSection';

const validate = validateWith(merchantApplicationForm);
const FORM_NAMESPACES = ['merchants', ...MESSAGE_NAMESPACES.filter((namespace) => namespace !== 'merchants')];

export interface SubmittedApplication {
  brandName: string;
  contactEmail: string;
}

/**
 * The merchant application (SPEC §3 fields, §5 rules): posted as multipart to `POST /api/merchant-applications`.
 * The server's messages per field come back onto the fields; `onSubmitted` shows the success screen.
 */
export function BrandApplicationForm({ onSubmitted }: { onSubmitted: (sent: SubmittedApplication) => void }) {
  // the catalogues of the form's messages too: validation translates them outside React
  const { t } = useTranslation(FORM_NAMESPACES);
  const formRef = useRef<HTMLFormElement>(null);
  // Made once: a new object on every render would make react-final-form start the form over.
  const [initialValues] = useState(initialMerchantValues);

  const onSubmit = (values: MerchantApplicationValues) =>
    submitting(
      async () => {
        await submitMerchantApplication(toMerchantFormData(values));
        onSubmitted({
          brandName: values.brandName?.trim() ?? '',
          contactEmail: values.contactEmail?.trim() ?? '',
        });
      },
      (error) => {
        notify(t('form.notSentTitle'), serverMessage(error) ?? t('form.notSent'), 'error');
        focusFirstInvalid(formRef.current);
      },
    );

  return (
    <Form<MerchantApplicationValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      subscription={{ submitting: true }}
      render={({ handleSubmit, submitting: busy }) => (
        <form
          ref={formRef}
          aria-label={t('form.name')}
          noValidate
          onSubmit={(event) => {
            void handleSubmit(event);
            focusFirstInvalid(formRef.current);
          }}
        >
          <FormSection title={t('form.brandSection')}>
            <LogoInput name="logoFile" label={t('form.logo')} />
            <TextInput name="brandName" label={t('form.brandName')} autoComplete="organization" required />
            <CategoryInput name="brandCategory" />
            <TextInput
              name="businessDescription"
              label={t('form.businessDescription')}
              helperText={t('form.businessDescriptionHelp')}
              multiline
              minRows={3}
              required
            />
            <TextInput
              name="businessDescriptionAr"
              label={t('form.businessDescriptionAr')}
              helperText={t('form.businessDescriptionArHelp')}
              multiline
              minRows={3}
              slotProps={ARABIC_INPUT}
            />
            <WebsiteInput autoComplete="url" />
          </FormSection>

          <OfferTermsSection />

          <RedemptionSection />

          <FormSection title={t('form.contactSection')}>
            <TextInput name="contactName" label={t('form.contactName')} autoComplete="name" required />
            <TextInput
              name="contactEmail"
              label={t('form.contactEmail')}
              type="email"
              autoComplete="email"
              slotProps={LTR_INPUT}
              required
            />
            <TextInput
              name="contactPhone"
              label={t('form.contactPhone')}
              type="tel"
              autoComplete="tel"
              placeholder={t('form.contactPhonePlaceholder')}
              slotProps={LTR_INPUT}
            />
          </FormSection>

          <SubmitButton busy={Boolean(busy)} busyLabel={t('form.submitting')} fullWidth sx={{ mt: 4 }}>
            {t('form.submit')}
          </SubmitButton>
        </form>
      )}
    />
  );
}
