import { useTranslation } from 'react-i18next';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { FormSection, LTR_INPUT } from '@tullab/web-kit/offer-form/form-parts';
import { ExpiryInputs, OfferTypeFields } from '@tullab/web-kit/offer-form/offer-fields';

/**
 * The form's offer part: the offer type, then the referral link or the discount's code, type and value (each shown
 * only when the choices so far call for it), general info and the expiry.
 */
export function OfferTermsSection() {
  const { t } = useTranslation('merchants');
  return (
    <FormSection title={t('form.offerSection')}>
      <OfferTypeFields
        referralPlaceholder
        before={
          <TextInput
            name="discountCode"
            label={t('form.discountCode')}
            helperText={t('form.discountCodeHelp')}
            slotProps={LTR_INPUT}
            required
          />
        }
      />
      <TextInput
        name="generalInfo"
        label={t('form.generalInfo')}
        helperText={t('form.generalInfoHelp')}
        multiline
        minRows={2}
      />
      <ExpiryInputs />
    </FormSection>
  );
}
