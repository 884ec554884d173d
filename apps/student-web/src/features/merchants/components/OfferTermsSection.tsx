import { discountTypes, type DiscountType, type OfferType } from '@tullab/contracts';
import { CURRENCY } from '@tullab/ui';
import { useTranslation } from 'react-i18next';
import { CheckboxInput } from '../../../components/forms/CheckboxInput';
import { TextInput } from '../../../components/forms/TextInput';
import { FormSection, LTR_INPUT, OfferTypeInput, SelectInput, Watch } from './form-parts';

/**
 * The form's offer part: the offer type, then the referral link or the discount's code, type and value (each shown
 * only when the choices so far call for it), general info and the expiry.
 */
export function OfferTermsSection() {
  const { t } = useTranslation('merchants');
  return (
    <FormSection title={t('form.offerSection')}>
      <OfferTypeInput name="offerType" />
      <Watch<OfferType> name="offerType">
        {(offerType) =>
          offerType === 'referral' ? (
            <TextInput
              name="referralLink"
              label={t('form.referralLink')}
              type="url"
              inputMode="url"
              placeholder={t('form.referralLinkPlaceholder')}
              helperText={t('form.referralLinkHelp')}
              slotProps={LTR_INPUT}
              required
            />
          ) : (
            <>
              <TextInput
                name="discountCode"
                label={t('form.discountCode')}
                helperText={t('form.discountCodeHelp')}
                slotProps={LTR_INPUT}
                required
              />
              <SelectInput
                name="discountType"
                label={t('form.discountType')}
                options={discountTypes.map((type) => ({
                  value: type,
                  label: t(`form.discountTypes.${type}`, { currency: CURRENCY }),
                }))}
              />
              <Watch<DiscountType> name="discountType">
                {(discountType) =>
                  discountType === 'free_shipping' ? null : (
                    <TextInput
                      name="discountValue"
                      label={
                        discountType === 'fixed'
                          ? t('form.discountValueFixed', { currency: CURRENCY })
                          : t('form.discountValuePercentage')
                      }
                      type="number"
                      inputMode="decimal"
                      slotProps={{ htmlInput: { min: 0, step: 'any' } }}
                      required
                    />
                  )
                }
              </Watch>
            </>
          )
        }
      </Watch>
      <TextInput
        name="generalInfo"
        label={t('form.generalInfo')}
        helperText={t('form.generalInfoHelp')}
        multiline
        minRows={2}
      />
      <CheckboxInput name="hasExpiry" label={t('form.hasExpiry')} />
      <Watch<boolean> name="hasExpiry">
        {(hasExpiry) =>
          hasExpiry ? (
            <TextInput
              name="expiryDate"
              label={t('form.expiryDate')}
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              required
            />
          ) : null
        }
      </Watch>
    </FormSection>
  );
}
