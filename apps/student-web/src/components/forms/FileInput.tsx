import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId, useRef, type ChangeEvent } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '@tullab/web-kit/forms/field-error';

export interface FileInputProps {
  name: string;
  /** the field's accessible name, in the page's language, e.g. 'Document file' */
  label: string;
  /** the native picker's filter, e.g. '.pdf,.png' */
  accept: string;
  helperText?: string;
}

/**
 * A file picker bound to a react-final-form field holding one File: a 'Choose File' button opens the native picker
 * (kept out of sight and out of the tab order), and the chosen file's name shows beside it.
 */
export function FileInput({ name, label, accept, helperText }: FileInputProps) {
  const { t } = useTranslation('forms');
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const { input, meta } = useField<File | undefined>(name);
  const error = fieldError(meta);
  const file = input.value instanceof File ? input.value : undefined;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    input.onChange(event.target.files?.[0]);
    input.onBlur();
  };

  return (
    <Box sx={{ my: 2 }}>
      <Typography id={`${id}-label`} component="p" variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          aria-describedby={`${id}-label ${id}-file ${id}-help`}
          onClick={() => picker.current?.click()}
        >
          {t('file.choose')}
        </Button>
        <Typography id={`${id}-file`} variant="body2" sx={{ wordBreak: 'break-all' }}>
          {file ? <bdi>{file.name}</bdi> : t('file.none')}
        </Typography>
      </Box>
      <input
        ref={picker}
        type="file"
        name={input.name}
        accept={accept}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        tabIndex={-1}
        hidden
        onChange={onChange}
      />
      <FormHelperText id={`${id}-help`} error={Boolean(error)}>
        {error ?? helperText}
      </FormHelperText>
    </Box>
  );
}
