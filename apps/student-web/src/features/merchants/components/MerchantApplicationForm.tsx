import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { Form, useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../app/api';
import { notify } from '../../../app/notify';
import { CheckboxInput } from '../../../components/forms/CheckboxInput';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { TextInput } from '../../../components/forms/TextInput';
import { submitting, validateWith } from '../../../components/forms/validate';
import { OFFER_CATEGORIES } from '../../offers/catalogue';
import { CURRENCY } from '../../offers/offer-display';
import { submitMerchantApplication } from '../api';
import {
  initialMerchantValues,
  merchantApplicationForm,
  MESSAGE_NAMESPACES,
  toMerchantFormData,
  type DiscountTypeValue,
  type MerchantApplicationValues,
  type OfferTypeValue,
} from '../schema';
import { LogoInput } from './LogoInput';
import { StepsInput } from './StepsInput';

const OFFER_TYPES: readonly OfferTypeValue[] = ['discount', 'referral'];
const DISCOUNT_TYPES: readonly DiscountTypeValue[] = ['percentage', 'fixed', 'free_shipping'];

/** The Arabic texts are typed right to left, and read by screen readers as Arabic, whatever the page's language. */
const ARABIC_INPUT = { htmlInput: { dir: 'rtl', lang: 'ar' } } as const;
/** E-mail addresses, phone numbers, links and codes stay left to right in an Arabic page. */
const LTR_INPUT = { htmlInput: { dir: 'ltr' } } as const;

const validate = validateWith(merchantApplicationForm);
const FORM_NAMESPACES = ['merchants', ...MESSAGE_NAMESPACES.filter((namespace) => namespace !== 'merchants')];

/** A titled part of the form. */
function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 4, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ fontWeight: 700, p: 0 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** A visible ring on the radio that has keyboard focus (its real input is invisible, so it cannot show one). */
const radioFocus = {
  '&.Mui-focusVisible': { outline: 3, outlineStyle: 'solid', outlineColor: 'secondary.main' },
} as const;

/** The offer type as radio buttons: the discount and referral fields follow the choice. */
function OfferTypeInput({ name }: { name: string }) {
  const { t } = useTranslation('merchants');
  const { input } = useField<OfferTypeValue>(name);
  return (
    <FormControl margin="normal">
      <FormLabel id="offer-type-label">{t('form.offerType')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="offer-type-label"
        name={input.name}
        value={input.value ?? ''}
        onChange={(_, value) => input.onChange(value)}
      >
        {OFFER_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            value={type}
            control={<Radio sx={radioFocus} />}
            label={t(`form.offerTypes.${type}`)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** A native select (light, and the platform's own picker on phones) bound to a form field. */
function SelectInput({
  name,
  label,
  options,
  placeholder,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}) {
  return (
    <TextInput
      name={name}
      label={label}
      select
      required
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextInput>
  );
}

/** Renders `children` with a field's current value, re-rendering only when that value changes. */
function Watch<T>({ name, children }: { name: string; children: (value: T | undefined) => ReactNode }) {
  const { input } = useField<T>(name, { subscription: { value: true } });
  return children(input.value);
}

/** Moves focus to the first field that reports a problem, so keyboard and screen-reader users land on it. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

export interface SubmittedApplication {
  brandName: string;
  contactEmail: string;
}

/**
 * The merchant application (SPEC §3 fields, §5 rules): posted as multipart to `POST /api/merchant-applications`.
 * The server's messages per field come back onto the fields; `onSubmitted` shows the success screen.
 */
export function MerchantApplicationForm({
  onSubmitted,
}: {
  onSubmitted: (sent: SubmittedApplication) => void;
}) {
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
            <SelectInput
              name="brandCategory"
              label={t('form.category')}
              options={OFFER_CATEGORIES.map(({ value }) => ({ value, label: t(`categories.${value}`) }))}
              placeholder={t('form.categoryPlaceholder')}
            />
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
            <TextInput
              name="websiteLink"
              label={t('form.website')}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder={t('form.websitePlaceholder')}
              slotProps={LTR_INPUT}
            />
          </FormSection>

          <FormSection title={t('form.offerSection')}>
            <OfferTypeInput name="offerType" />
            <Watch<OfferTypeValue> name="offerType">
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
                      options={DISCOUNT_TYPES.map((type) => ({
                        value: type,
                        label: t(`form.discountTypes.${type}`, { currency: CURRENCY }),
                      }))}
                    />
                    <Watch<DiscountTypeValue> name="discountType">
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

          <FormSection title={t('form.redemptionSection')}>
            <StepsInput name="discountRedemptionGuide" label={t('form.guide')} hint={t('form.guideHelp')} />
            <StepsInput
              name="discountRedemptionGuideAr"
              label={t('form.guideAr')}
              hint={t('form.guideArHelp')}
              arabic
            />
            <TextInput name="termsAndConditions" label={t('form.terms')} multiline minRows={4} required />
            <TextInput
              name="termsAndConditionsAr"
              label={t('form.termsAr')}
              multiline
              minRows={4}
              slotProps={ARABIC_INPUT}
            />
          </FormSection>

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
