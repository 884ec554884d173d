import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { screenReaderOnly } from '@tullab/web-kit/components/screen-reader-only';
import { notify } from '@tullab/web-kit/notify';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the button shows that it copied. */
const COPIED_MS = 2000;

/**
 * A value a developer pastes into their shop's settings (a client ID, a secret): left to right in a monospace font,
 * selectable, with a copy button whose success is shown by its icon and said to screen readers. The portal is served
 * over HTTPS (and localhost), where the Clipboard API works; if the browser refuses, the value is there to select.
 */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('merchant');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      notify(t('apps.copyFailedTitle'), t('apps.copyFailed'), 'error');
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box
        component="code"
        dir="ltr"
        sx={{
          fontFamily: 'monospace',
          fontSize: '0.9rem',
          wordBreak: 'break-all',
          bgcolor: 'action.hover',
          borderRadius: 1,
          px: 1,
          py: 0.5,
          minWidth: 0,
        }}
      >
        {value}
      </Box>
      <Button
        size="small"
        variant="outlined"
        aria-label={t('apps.copy', { label })}
        startIcon={copied ? <CheckOutlined /> : <ContentCopyOutlined />}
        onClick={() => void copy()}
        sx={{ flexShrink: 0 }}
      >
        {t('apps.copyShort')}
      </Button>
      <Box component="span" role="status" sx={screenReaderOnly}>
        {copied ? t('apps.copied', { label }) : ''}
      </Box>
    </Stack>
  );
}
