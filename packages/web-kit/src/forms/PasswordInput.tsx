import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from './TextInput';

/** A password field with a show/hide toggle (SPEC §2 create-password, dashboard). */
export function PasswordInput({ label, autoComplete = 'current-password', ...props }: TextInputProps) {
  const { t } = useTranslation('forms');
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={t(visible ? 'password.hide' : 'password.show', { label: label.toLowerCase() })}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
