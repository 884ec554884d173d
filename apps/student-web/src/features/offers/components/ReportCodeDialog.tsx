import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, NETWORK_ERROR_STATUS } from '@tullab/web-kit/api/errors';
import type { NotifyVariant } from '@tullab/web-kit/notify';
import { REPORT_TEXT_MAX, reportReasons, type ReportReason } from '@tullab/contracts';
import { useReportCodeMutation } from '../reports-api';

export interface ReportCodeDialogProps {
  offerId: string;
  /** the brand, named in the title */
  brand: string;
  open: boolean;
  onClose: () => void;
  /** tells the outcome as a toast (the modal's `tell`) */
  tell: (title: string, message: string, variant: NotifyVariant) => void;
}

/** Which of the `reports:errors.*` texts a failed report shows. */
function errorKeyOf(error: unknown): string {
  if (!isApiError(error) || error.status === NETWORK_ERROR_STATUS) return 'network';
  if (error.status === 409) return 'alreadyReported';
  if (error.status === 429) return 'tooMany';
  if (error.status === 404) return 'notRevealed';
  if (error.status === 401 || error.status === 403) return 'signIn';
  return 'failed';
}

/**
 * "This code didn't work?" (issue 13 point 4): what went wrong (a reason, and words of their own if they like), sent
 * to staff, who answer by e-mail. A refusal stays in the dialog; a sent report closes it with a toast.
 */
export function ReportCodeDialog({ offerId, brand, open, onClose, tell }: ReportCodeDialogProps) {
  const { t } = useTranslation('reports');
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [report, { isLoading }] = useReportCodeMutation();
  const reasonMissing = submitted && !reason;
  const tooLong = text.trim().length > REPORT_TEXT_MAX;

  const close = () => {
    if (isLoading) return;
    setSubmitted(false);
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!reason || tooLong) return;
    try {
      await report({ offerId, reason, text }).unwrap();
    } catch (error) {
      setFailure(t(`errors.${errorKeyOf(error)}`));
      return;
    }
    tell(t('sent.title'), t('sent.text'), 'success');
    setReason('');
    setText('');
    setSubmitted(false);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t('title', { brand })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('intro')}</DialogContentText>
          <FormControl component="fieldset" error={reasonMissing} required>
            <FormLabel component="legend">{t('reason.label')}</FormLabel>
            <RadioGroup
              name={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value as ReportReason)}
            >
              {reportReasons.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={t(`reason.${value}`)}
                />
              ))}
            </RadioGroup>
            {reasonMissing ? <FormHelperText>{t('reason.required')}</FormHelperText> : null}
          </FormControl>
          <TextField
            label={t('text.label')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            margin="normal"
            error={tooLong}
            helperText={tooLong ? t('text.tooLong', { max: REPORT_TEXT_MAX }) : t('text.hint')}
            slotProps={{ htmlInput: { maxLength: REPORT_TEXT_MAX, dir: 'auto' } }}
          />
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isLoading}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The "This code didn't work?" link under a revealed code, and the dialog it opens. */
export function ReportCodeLink(props: Omit<ReportCodeDialogProps, 'open' | 'onClose'>) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="text"
        size="small"
        onClick={() => setOpen(true)}
        sx={{ display: 'flex', mx: 'auto', mt: 1 }}
      >
        {t('link')}
      </Button>
      <ReportCodeDialog {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
