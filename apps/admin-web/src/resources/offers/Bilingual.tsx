import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { TextInput, type TextInputProps } from 'react-admin';

/**
 * Tullab speaks English and Arabic (issue 12): an offer's texts, and a merchant application's, may each have an
 * Arabic version beside the English one. Neither the labels nor the rest of the console change: only the Arabic
 * texts themselves are written right to left.
 */

/** What marks an element's text as Arabic, written right to left. */
export const ARABIC = { dir: 'rtl', lang: 'ar' } as const;

/** An English part and its Arabic one: side by side on wide screens, stacked on narrow ones. */
export function SideBySide({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 2,
        rowGap: 1,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** A text input for an Arabic text: typed and shown right to left, in Arabic. */
export function ArabicTextInput(props: TextInputProps) {
  return <TextInput {...props} slotProps={{ htmlInput: ARABIC }} />;
}

/** An Arabic text as a show page shows it, or '–' when there is none. */
export function arabicText(text: string | null | undefined): ReactNode {
  return text?.trim() ? (
    <Box component="span" {...ARABIC} sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
      {text}
    </Box>
  ) : (
    '–'
  );
}
