import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from './field-error';

export type TextInputProps = { name: string; label: string } & Omit<
  TextFieldProps,
  'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'
>;

/** E-mail addresses and phone numbers are typed left to right in Arabic too (issue 12). */
const LEFT_TO_RIGHT_TYPES = ['email', 'tel'];

function leftToRight(slotProps: TextFieldProps['slotProps']): TextFieldProps['slotProps'] {
  const htmlInput = slotProps?.htmlInput;
  if (typeof htmlInput === 'function') return slotProps;
  return { ...slotProps, htmlInput: { dir: 'ltr', ...htmlInput } };
}

/**
 * A labelled MUI text field bound to a react-final-form field; its message replaces the helper text. E-mail and
 * phone fields stay left to right in Arabic.
 */
export function TextInput({ name, helperText, slotProps, ...props }: TextInputProps) {
  // Loads the `forms` catalogue, whose shared validation messages (`forms:errors.*`) every form may show.
  useTranslation('forms');
  const { input, meta } = useField<string>(name);
  const error = fieldError(meta);
  return (
    <TextField
      fullWidth
      margin="normal"
      {...props}
      slotProps={LEFT_TO_RIGHT_TYPES.includes(props.type ?? '') ? leftToRight(slotProps) : slotProps}
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
