import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { InputHelperText, useInput, useRecordContext, type Validator } from 'react-admin';
import { useObjectUrl } from '../../hooks/use-object-url';
import { BrandLogo } from '@tullab/ui';
import { LOGO_MAX_BYTES } from '@tullab/contracts';
import type { OfferRecord } from './types';

/** What the offers service accepts for a logo (its `logoKinds` and the contracts' `LOGO_MAX_BYTES`), with its texts. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const logoMessages = {
  type: 'Logo must be a PNG, JPEG or WebP image',
  size: 'Logo must be at most 2 MB',
} as const;

const logoFile: Validator = (value: unknown) => {
  if (!(value instanceof Blob)) return undefined;
  if (!LOGO_TYPES.includes(value.type)) return logoMessages.type;
  return value.size > LOGO_MAX_BYTES ? logoMessages.size : undefined;
};

/** Picks a new logo (PNG, JPEG or WebP, at most 2 MB), shown at once; saved with the offer (multipart upload). */
export function LogoInput() {
  const { field, fieldState, id } = useInput({ source: 'logoFile', validate: logoFile, defaultValue: null });
  const record = useRecordContext<OfferRecord>();
  const picked = useObjectUrl(field.value instanceof Blob ? field.value : undefined);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1 }}>
      <BrandLogo name={record?.brandName ?? 'New'} src={picked ?? record?.logoUrl ?? null} size={72} />
      <TextField
        id={id}
        type="file"
        label={record?.logoUrl ? 'Replace the logo' : 'Logo'}
        onChange={(event) => field.onChange((event.target as HTMLInputElement).files?.[0] ?? null)}
        onBlur={field.onBlur}
        error={!!fieldState.error}
        helperText={
          <InputHelperText
            error={fieldState.error?.message}
            helperText="PNG, JPEG or WebP, at most 2 MB; uploaded when you save."
          />
        }
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: LOGO_TYPES.join(',') } }}
      />
    </Box>
  );
}
