import TextField from '@mui/material/TextField';

/** Authenticator apps show 6 digits (RFC 6238 as identity uses it). */
export const CODE_LENGTH = 6;

export interface CodeFieldProps {
  value: string;
  onChange: (digits: string) => void;
  disabled?: boolean;
  /** on by default: on the sign-in's code step the code is the only field */
  autoFocus?: boolean;
}

/**
 * The authenticator's code as one field: digits only (a pasted "123 456" keeps its digits), at most six, with the
 * numeric keyboard on phones and `one-time-code` so password managers can fill it.
 */
export function CodeField({ value, onChange, disabled, autoFocus = true }: CodeFieldProps) {
  return (
    <TextField
      label="6-digit code"
      helperText="The code your authenticator app shows for Tullab"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      disabled={disabled}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      fullWidth
      margin="normal"
      required
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          style: { fontSize: '1.5rem', letterSpacing: '0.4em', textAlign: 'center' },
        },
      }}
    />
  );
}
