import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POOL_CSV_MAX_BYTES, type PoolImport, type PoolPreview } from '@tullab/contracts';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { useImportPoolMutation, usePreviewPoolMutation } from '../api';
import { useFormat } from '../format';

/** A preview the import may follow: codes to add, and no invalid line or duplicate. */
export const isClean = (preview: PoolPreview) =>
  preview.valid > 0 && preview.invalid.length === 0 && preview.duplicates.length === 0;

/** Lines of the file the import refuses, with what is wrong with each. */
function ProblemLines({
  title,
  lines,
  testId,
}: {
  title: string;
  lines: Array<{ line: number; value: string; message?: string }>;
  testId: string;
}) {
  const { t } = useTranslation('merchant');
  if (lines.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid={testId}>
      <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <List dense disablePadding sx={{ maxHeight: 240, overflowY: 'auto' }}>
        {lines.map((line) => (
          <ListItem key={`${line.line}-${line.value}`} disableGutters sx={{ display: 'block', py: 0 }}>
            {t('pool.line', { line: line.line })} <bdi dir="ltr">{line.value || t('pool.emptyLine')}</bdi>
            {line.message ? (
              <Box component="span" sx={{ display: 'block', fontSize: '0.85em' }}>
                {line.message}
              </Box>
            ) : null}
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

/**
 * Adding codes to an offer's pool (issue 16): choose a CSV file (one code per line), see what it holds (codes to add, a
 * sample, invalid lines, duplicates), then import: offered only when the file is clean, since the import takes every
 * code or none.
 */
export function PoolUpload({ offerId }: { offerId: string }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<PoolPreview | null>(null);
  const [imported, setImported] = useState<PoolImport | null>(null);
  const [previewPool, previewing] = usePreviewPoolMutation();
  const [importPool, importing] = useImportPoolMutation();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // the same file may be chosen again after it was fixed
    event.target.value = '';
    setFile(chosen);
    setPreview(null);
    setImported(null);
    setProblem(null);
    if (!chosen) return;
    if (chosen.size > POOL_CSV_MAX_BYTES) {
      setProblem(t('pool.tooLarge', { max: format.number(POOL_CSV_MAX_BYTES / 1024) }));
      return;
    }
    try {
      setPreview(await previewPool({ offerId, file: chosen }).unwrap());
    } catch (error) {
      setProblem(serverMessage(error) ?? t('pool.previewFailed'));
    }
  };

  const runImport = async () => {
    if (!file) return;
    try {
      const result = await importPool({ offerId, file }).unwrap();
      setImported(result);
      setPreview(null);
      setFile(null);
      notify(t('pool.importedTitle'), t('pool.imported', { count: result.added }), 'success');
    } catch (error) {
      setProblem(serverMessage(error) ?? t('pool.importFailed'));
    }
  };

  return (
    <Box data-testid="pool-upload">
      <Typography variant="body2" color="text.secondary" id={`${id}-help`}>
        {t('pool.help', { max: format.number(POOL_CSV_MAX_BYTES / 1024) })}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          aria-describedby={`${id}-help ${id}-file`}
          onClick={() => picker.current?.click()}
          disabled={previewing.isLoading || importing.isLoading}
        >
          {t('pool.choose')}
        </Button>
        <Typography id={`${id}-file`} variant="body2" sx={{ wordBreak: 'break-all' }}>
          {file ? <bdi>{file.name}</bdi> : t('pool.noFile')}
        </Typography>
        <input
          ref={picker}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-label={t('pool.fileLabel')}
          data-testid="pool-file"
          tabIndex={-1}
          hidden
          onChange={(event) => void choose(event)}
        />
      </Stack>

      <Box aria-live="polite" sx={{ mt: 2 }}>
        {previewing.isLoading ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={18} aria-hidden="true" />
            <Typography>{t('pool.checking')}</Typography>
          </Stack>
        ) : null}
        {problem ? (
          <Alert severity="error" data-testid="pool-problem">
            {problem}
          </Alert>
        ) : null}
        {imported ? (
          <Alert severity="success" data-testid="pool-imported">
            {t('pool.importedText', {
              count: imported.added,
              left: format.number(imported.codesLeft),
              total: format.number(imported.codesTotal),
            })}
          </Alert>
        ) : null}
      </Box>

      {preview ? (
        <Box component="section" aria-labelledby={`${id}-preview`} sx={{ mt: 2 }} data-testid="pool-preview">
          <Typography id={`${id}-preview`} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('pool.previewTitle')}
          </Typography>
          <Typography data-testid="pool-valid">
            {t('pool.valid', { count: preview.valid })}{' '}
            {t('pool.now', {
              left: format.number(preview.codesLeft),
              total: format.number(preview.codesTotal),
            })}
          </Typography>
          {preview.sample.length > 0 ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('pool.sample')}
              </Typography>
              <Box component="ul" dir="ltr" sx={{ m: 0, pl: 3, fontFamily: 'monospace' }}>
                {preview.sample.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </Box>
            </>
          ) : null}
          <ProblemLines
            title={t('pool.invalid', { count: preview.invalid.length })}
            lines={preview.invalid}
            testId="pool-invalid"
          />
          <ProblemLines
            title={t('pool.duplicates', { count: preview.duplicates.length })}
            lines={preview.duplicates}
            testId="pool-duplicates"
          />
          {isClean(preview) ? null : (
            <Typography variant="body2" sx={{ mt: 2 }} id={`${id}-blocked`}>
              {t(preview.valid === 0 ? 'pool.nothingToImport' : 'pool.fixFirst')}
            </Typography>
          )}
          <Button
            variant="contained"
            sx={{ mt: 2 }}
            disabled={!isClean(preview) || importing.isLoading}
            aria-describedby={isClean(preview) ? undefined : `${id}-blocked`}
            onClick={() => void runImport()}
            startIcon={
              importing.isLoading ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null
            }
            data-testid="pool-import"
          >
            {importing.isLoading ? t('pool.importing') : t('pool.import', { count: preview.valid })}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
