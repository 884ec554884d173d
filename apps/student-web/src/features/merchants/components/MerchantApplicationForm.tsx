import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { Form, useField } from 'react-final-form';
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
  toMerchantFormData,
  type DiscountTypeValue,
  type MerchantApplicationValues,
  type OfferTypeValue,
} from '../schema';
import { LogoInput } from './LogoInput';
import { StepsInput } from './StepsInput';

const SEND_FAILED = 'We could not send your application. Please try again.';

const OFFER_TYPE_OPTIONS: readonly { value: OfferTypeValue; label: string }[] = [
  { value: 'discount', label: 'Discount: students get a code' },
  { value: 'referral', label: 'Referral: students follow your link' },
];

const DISCOUNT_TYPE_OPTIONS: readonly { value: DiscountTypeValue; label: string }[] = [
  { value: 'percentage', label: 'Percentage (%)' },
  { value: 'fixed', label: `Fixed amount (${CURRENCY})` },
  { value: 'free_shipping', label: 'Free shipping' },
];

const validate = validateWith(merchantApplicationForm);

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
  const { input } = useField<OfferTypeValue>(name);
  return (
    <FormControl margin="normal">
      <FormLabel id="offer-type-label">Offer type</FormLabel>
      <RadioGroup
        row
        aria-labelledby="offer-type-label"
        name={input.name}
        value={input.value ?? ''}
        onChange={(_, value) => input.onChange(value)}
      >
        {OFFER_TYPE_OPTIONS.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio sx={radioFocus} />}
            label={option.label}
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
        notify('Application Not Sent', serverMessage(error) ?? SEND_FAILED, 'error');
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
          aria-label="Merchant application"
          noValidate
          onSubmit={(event) => {
            void handleSubmit(event);
            focusFirstInvalid(formRef.current);
          }}
        >
          <FormSection title="Your brand">
            <LogoInput name="logoFile" label="Brand logo" />
            <TextInput name="brandName" label="Brand name" autoComplete="organization" required />
            <SelectInput
              name="brandCategory"
              label="Category"
              options={OFFER_CATEGORIES}
              placeholder="Select a category"
            />
            <TextInput
              name="businessDescription"
              label="Business description"
              helperText="What your brand does, in a few sentences."
              multiline
              minRows={3}
              required
            />
            <TextInput
              name="websiteLink"
              label="Website (optional)"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://yourbrand.ae"
            />
          </FormSection>

          <FormSection title="Your offer">
            <OfferTypeInput name="offerType" />
            <Watch<OfferTypeValue> name="offerType">
              {(offerType) =>
                offerType === 'referral' ? (
                  <TextInput
                    name="referralLink"
                    label="Referral link"
                    type="url"
                    inputMode="url"
                    placeholder="https://yourbrand.ae/students"
                    helperText="Where students go when they open your offer."
                    required
                  />
                ) : (
                  <>
                    <TextInput
                      name="discountCode"
                      label="Discount code"
                      helperText="Include “Tullab” in your code (e.g. TULLAB15) or in your terms."
                      required
                    />
                    <SelectInput name="discountType" label="Discount type" options={DISCOUNT_TYPE_OPTIONS} />
                    <Watch<DiscountTypeValue> name="discountType">
                      {(discountType) =>
                        discountType === 'free_shipping' ? null : (
                          <TextInput
                            name="discountValue"
                            label={
                              discountType === 'fixed' ? `Discount value (${CURRENCY})` : 'Discount value (%)'
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
              label="General information (optional)"
              helperText="Anything else students should know, such as where the offer applies."
              multiline
              minRows={2}
            />
            <CheckboxInput name="hasExpiry" label="This offer has an expiry date" />
            <Watch<boolean> name="hasExpiry">
              {(hasExpiry) =>
                hasExpiry ? (
                  <TextInput
                    name="expiryDate"
                    label="Expiry date"
                    type="date"
                    slotProps={{ inputLabel: { shrink: true } }}
                    required
                  />
                ) : null
              }
            </Watch>
          </FormSection>

          <FormSection title="Redemption and terms">
            <StepsInput
              name="discountRedemptionGuide"
              label="How to redeem"
              hint="The steps a student follows to use your offer, in order."
            />
            <TextInput
              name="termsAndConditions"
              label="Terms and conditions"
              multiline
              minRows={4}
              required
            />
          </FormSection>

          <FormSection title="Contact details">
            <TextInput name="contactName" label="Contact name" autoComplete="name" required />
            <TextInput name="contactEmail" label="Contact email" type="email" autoComplete="email" required />
            <TextInput
              name="contactPhone"
              label="Contact phone (optional)"
              type="tel"
              autoComplete="tel"
              placeholder="+971 50 123 4567"
            />
          </FormSection>

          <SubmitButton busy={Boolean(busy)} busyLabel="Sending..." fullWidth sx={{ mt: 4 }}>
            Submit Application
          </SubmitButton>
        </form>
      )}
    />
  );
}
