import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField } from 'react-final-form';
import { fieldError } from './field-error';

export type TextInputProps = { name: string; label: string } & Omit<
  TextFieldProps,
  'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'
>;

/** A labelled MUI text field bound to a react-final-form field; its message replaces the helper text. */
export function TextInput({ name, helperText, ...props }: TextInputProps) {
  const { input, meta } = useField<string>(name);
  const error = fieldError(meta);
  return (
    <TextField
      fullWidth
      margin="normal"
      {...props}
      name={input.name}
      value={input.value ?? ''}
      onChange={input.onChange}
      onBlur={input.onBlur}
      onFocus={input.onFocus}
      error={Boolean(error)}
      helperText={error ?? helperText}
    />
  );
}
