import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../forms/field-error';
import { screenReaderOnly } from '../components/screen-reader-only';
import { LOGO_TYPES } from './offer-terms';

const PREVIEW_SIZE = 96;

/** A local URL showing `file`, released when the file changes or the field goes away. */
function usePreviewUrl(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * The brand logo picker with a preview (SPEC §2 /for-merchants). The real file input stays in the page (visually
 * hidden inside a label styled as a button), so it is reached and opened by keyboard like any other control, and
 * the label shows its focus. (A MUI Button as the label would be a second, nested control.)
 */
export function LogoInput({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('merchants');
  const id = useId();
  const { input, meta } = useField<File | undefined>(name);
  const file = input.value || undefined;
  const preview = usePreviewUrl(file);
  const error = fieldError(meta);

  return (
    <FormControl error={Boolean(error)} fullWidth margin="normal">
      <FormLabel id={`${id}-label`} sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: PREVIEW_SIZE,
            height: PREVIEW_SIZE,
            borderRadius: 2,
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            bgcolor: 'background.default',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            flexShrink: 0,
          }}
        >
          {preview ? (
            <img
              src={preview}
              alt={t('logo.preview')}
              width={PREVIEW_SIZE}
              height={PREVIEW_SIZE}
              style={{ objectFit: 'contain' }}
            />
          ) : (
            <ImageOutlinedIcon aria-hidden sx={{ color: 'text.disabled', fontSize: 40 }} />
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Box
            component="label"
            sx={{
              position: 'relative',
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 0.75,
              border: 1,
              borderColor: 'secondary.main',
              borderRadius: 1,
              color: 'secondary.main',
              fontWeight: 600,
              cursor: 'pointer',
              '&:hover': { bgcolor: 'action.hover' },
              '&:focus-within': {
                outline: 3,
                outlineStyle: 'solid',
                outlineColor: 'secondary.main',
                outlineOffset: 2,
              },
            }}
          >
            <UploadFileIcon aria-hidden fontSize="small" />
            {file ? t('logo.change') : t('logo.upload')}
            <Box
              component="input"
              type="file"
              name={input.name}
              accept={LOGO_TYPES.join(',')}
              aria-describedby={`${id}-help`}
              aria-invalid={error ? true : undefined}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                input.onChange(event.target.files?.[0])
              }
              onBlur={() => input.onBlur()}
              sx={screenReaderOnly}
            />
          </Box>
          {file ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, wordBreak: 'break-all' }}>
              {file.name}
            </Typography>
          ) : null}
        </Box>
      </Box>
      <FormHelperText id={`${id}-help`}>{error ?? t('logo.help')}</FormHelperText>
    </FormControl>
  );
}
