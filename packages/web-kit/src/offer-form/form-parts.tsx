import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { offerTypes, type OfferType } from '@tullab/contracts';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../forms/TextInput';

/** The Arabic texts are typed right to left, and read by screen readers as Arabic, whatever the page's language. */
export const ARABIC_INPUT = { htmlInput: { dir: 'rtl', lang: 'ar' } } as const;
/** E-mail addresses, phone numbers, links and codes stay left to right in an Arabic page. */
export const LTR_INPUT = { htmlInput: { dir: 'ltr' } } as const;

/** Moves focus to the first field that reports a problem, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** A titled part of the form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
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
export function OfferTypeInput({ name }: { name: string }) {
  const { t } = useTranslation('merchants');
  const { input } = useField<OfferType>(name);
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
        {offerTypes.map((type) => (
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
export function SelectInput({
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
export function Watch<T>({
  name,
  children,
}: {
  name: string;
  children: (value: T | undefined) => ReactNode;
}) {
  const { input } = useField<T>(name, { subscription: { value: true } });
  return children(input.value);
}
