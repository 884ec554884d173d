import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import {
  useId,
  useLayoutEffect,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '@tullab/web-kit/forms/field-error';

/** SPEC §9: codes have 6 digits. */
export const OTP_LENGTH = 6;

const digitsOf = (text: string) => text.replace(/\D/g, '');

export interface OtpInputProps {
  /** the digits typed so far, without gaps: box i shows `value[i]` */
  value: string;
  onChange: (value: string) => void;
  /** called when focus leaves the whole group */
  onBlur?: () => void;
  label: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Six single-digit boxes (SPEC §2 /otp-verification, /forgot-password). Typing moves to the next box, Backspace on
 * an empty box clears the one before, a pasted or auto-filled code spreads over the boxes, and Enter submits the
 * form. The group is one tab stop (the first empty box); arrow keys move between boxes. The boxes run left to right
 * in every language.
 */
export function OtpInput({ value, onChange, onBlur, label, error, disabled, autoFocus }: OtpInputProps) {
  const { t } = useTranslation('forms');
  const id = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const current = Math.min(value.length, OTP_LENGTH - 1);

  /** Where focus goes once the new value is on screen (the focus handler reads the value). */
  const focusNext = useRef<number | null>(null);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, OTP_LENGTH - 1))];
    box?.focus();
    box?.select();
  };

  useLayoutEffect(() => {
    if (focusNext.current === null) return;
    focusBox(focusNext.current);
    focusNext.current = null;
  });

  const update = (next: string, focusIndex: number) => {
    focusNext.current = focusIndex;
    onChange(next);
  };

  /** Puts `digits` into the boxes from `index` on and moves focus past them. */
  const fill = (index: number, digits: string) => {
    const next = (value.slice(0, index) + digits + value.slice(index + digits.length)).slice(0, OTP_LENGTH);
    update(next, Math.min(index + digits.length, next.length));
  };

  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    // A box that already held a digit receives old + new; keep the new one.
    const typed = digitsOf(raw.length > 1 && value[index] ? raw.replace(value[index], '') : raw);
    if (typed) fill(index, typed);
    else update(value.slice(0, index) + value.slice(index + 1), index);
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      update(value.slice(0, index - 1), index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < value.length) {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'Enter') {
      // The submit button stays disabled until the code is complete, which blocks the browser's own Enter.
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  const handlePaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = digitsOf(event.clipboardData.getData('text'));
    if (pasted) fill(Math.min(index, value.length), pasted);
  };

  /** Boxes fill in order: a click on a later empty box lands on the first empty one. */
  const handleFocus = (index: number) => (event: FocusEvent<HTMLInputElement>) => {
    if (index > value.length) focusBox(value.length);
    else event.currentTarget.select();
  };

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
  };

  return (
    <Box sx={{ my: 2 }}>
      <Typography id={`${id}-label`} component="p" variant="body2" sx={{ mb: 1, fontWeight: 600 }}>
        {label}
      </Typography>
      <Box
        role="group"
        // A code reads left to right in Arabic too: the first digit stays on the left, and so do the arrow keys.
        dir="ltr"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        onBlur={handleBlur}
        sx={{ display: 'flex', gap: { xs: 0.75, sm: 1.25 }, justifyContent: 'center' }}
      >
        {Array.from({ length: OTP_LENGTH }, (_, index) => (
          <Box
            key={index}
            component="input"
            ref={(element: HTMLInputElement | null) => {
              boxes.current[index] = element;
            }}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('otp.digit', { position: index + 1, total: OTP_LENGTH })}
            aria-invalid={error ? true : undefined}
            value={value[index] ?? ''}
            tabIndex={index === current ? 0 : -1}
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            onChange={handleChange(index)}
            onKeyDown={handleKeyDown(index)}
            onPaste={handlePaste(index)}
            onFocus={handleFocus(index)}
            sx={{
              // Six boxes fit a 320 px screen inside the page's card.
              width: { xs: 36, sm: 52 },
              height: { xs: 46, sm: 60 },
              minWidth: 0,
              textAlign: 'center',
              fontSize: { xs: '1.35rem', sm: '1.6rem' },
              fontWeight: 700,
              fontFamily: 'inherit',
              color: 'text.primary',
              bgcolor: 'background.paper',
              border: 2,
              borderColor: error ? 'error.main' : 'divider',
              borderRadius: 1.5,
              outline: 'none',
              '&:focus-visible, &:focus': {
                borderColor: 'primary.dark',
                boxShadow: (t) => `0 0 0 3px ${t.palette.primary.light}`,
              },
              '&:disabled': { opacity: 0.6 },
            }}
          />
        ))}
      </Box>
      {error ? (
        <FormHelperText id={`${id}-error`} error sx={{ textAlign: 'center' }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/** OtpInput bound to a react-final-form field holding the code as a string. */
export function OtpField({ name, label, autoFocus }: { name: string; label: string; autoFocus?: boolean }) {
  const { input, meta } = useField<string>(name);
  return (
    <OtpInput
      value={input.value ?? ''}
      onChange={input.onChange}
      onBlur={input.onBlur}
      label={label}
      error={fieldError(meta)}
      disabled={meta.submitting}
      autoFocus={autoFocus}
    />
  );
}
