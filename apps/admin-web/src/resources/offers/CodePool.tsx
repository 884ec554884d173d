import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { StatTiles } from '../../components/StatTiles';
import { useAction } from '../../hooks/use-action';
import type { CodeImportAnswer } from '@tullab/contracts';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import type { OfferRecord } from './types';

/** The offers service's limit on one import's CSV text. */
export const CSV_MAX_CHARS = 500_000;

export const importedText = (result: CodeImportAnswer) =>
  `Added ${result.added} new code${result.added === 1 ? '' : 's'}` +
  (result.duplicates ? `; ${result.duplicates} already in the pool` : '') +
  `. ${result.codesLeft} of ${result.codesTotal} left.`;

/**
 * The offer's code pool: how many codes are left, a warning when it runs low or out, and an import of more codes
 * from a CSV file or pasted text (one code per line, first column; a "code" header is skipped). A deleted offer's
 * pool is kept as it was: counts only.
 */
export function CodePool() {
  const record = useRecordContext<OfferRecord>();
  const dataProvider = useConsoleDataProvider();
  const refresh = useRefresh();
  const { run, isPending } = useAction();
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<CodeImportAnswer | null>(null);
  if (!record) return null;

  if (record.offerType === 'referral') {
    return <Typography color="text.secondary">A referral offer has no discount codes.</Typography>;
  }

  const tiles = (
    <StatTiles
      tiles={[
        { label: 'Codes left', value: record.codesLeft, warn: record.lowPool },
        { label: 'Codes in the pool', value: record.codesTotal },
      ]}
    />
  );
  if (record.status === 'archived') return tiles;

  const empty = record.codesTotal > 0 && record.codesLeft === 0;

  const load = async (file: File | undefined) => {
    if (file) setCsv(await file.text());
  };

  const importCodes = async () => {
    const answer = await run(() => dataProvider.importCodes(record.id, csv));
    if (!answer) return;
    setResult(answer.data);
    setCsv('');
    refresh();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      {tiles}
      {empty ? (
        <Alert severity="error">The pool is empty: students are told this offer has run out of codes.</Alert>
      ) : record.lowPool ? (
        <Alert severity="warning">
          Only {record.codesLeft} codes left. Import more before the pool runs out.
        </Alert>
      ) : record.codesTotal === 0 ? (
        <Typography color="text.secondary">
          No code pool: every student gets the offer’s own code{record.code ? ` (${record.code})` : ''}.
          Import codes to give each student a code of their own.
        </Typography>
      ) : null}
      {result ? (
        <Alert severity="success" role="status" onClose={() => setResult(null)}>
          {importedText(result)}
        </Alert>
      ) : null}
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void importCodes();
        }}
        sx={{ display: 'grid', gap: 1 }}
      >
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Import codes
        </Typography>
        <TextField
          type="file"
          label="CSV file"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: '.csv,text/csv,text/plain' } }}
          onChange={(event) => void load((event.target as HTMLInputElement).files?.[0])}
        />
        <TextField
          label="Codes"
          helperText="One code per line (the first column of a CSV); a “code” header line is skipped."
          multiline
          minRows={4}
          maxRows={12}
          value={csv}
          onChange={(event) => setCsv(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CSV_MAX_CHARS } }}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            startIcon={<UploadFileIcon />}
            disabled={isPending || !csv.trim()}
          >
            {isPending ? 'Importing...' : 'Import codes'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
