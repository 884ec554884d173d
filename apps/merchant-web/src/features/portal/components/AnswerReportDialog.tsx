import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { MerchantCodeReport } from '@tullab/contracts';
import { useId } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { CheckboxInput } from '@tullab/web-kit/forms/CheckboxInput';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting, validateWith } from '@tullab/web-kit/forms/validate';
import { useAnswerCodeReportMutation } from '../api';

/** The answer form's rules: merchantReportAnswerBody's, its messages from the `merchant` catalogue. */
export const answerForm = z.object({
  message: z
    .string('merchant:answer.errors.message')
    .trim()
    .min(3, 'merchant:answer.errors.message')
    .max(2000, 'merchant:answer.errors.messageLong'),
  freshCode: z.boolean().optional(),
});
export type AnswerFormValues = z.infer<typeof answerForm>;
const validate = validateWith(answerForm);

export interface AnswerReportDialogProps {
  report: MerchantCodeReport;
  /** the offer hands out codes from a pool, so a fresh one may go with the answer */
  canGiveFreshCode: boolean;
  onClose: () => void;
}

/** Answering a student's code report (issue 16): a message, e-mailed to them, and for pool offers a fresh code. */
export function AnswerReportDialog({ report, canGiveFreshCode, onClose }: AnswerReportDialogProps) {
  const { t } = useTranslation('merchant');
  const id = useId();
  const [answer] = useAnswerCodeReportMutation();

  const onSubmit = (values: AnswerFormValues) =>
    submitting(
      async () => {
        await answer({
          id: report.id,
          outcome: canGiveFreshCode && values.freshCode ? 'fresh-code' : 'answer',
          message: values.message.trim(),
        }).unwrap();
        notify(t('answer.sentTitle'), t('answer.sent'), 'success');
        onClose();
      },
      (error) => notify(t('answer.failedTitle'), serverMessage(error) ?? t('answer.failed'), 'error'),
    );

  return (
    <Form<AnswerFormValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={{ freshCode: false }}
      render={({ handleSubmit, submitting: busy }) => (
        <Dialog
          open
          onClose={busy ? undefined : onClose}
          fullWidth
          maxWidth="sm"
          aria-labelledby={id}
          aria-describedby={`${id}-text`}
        >
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id={id}>{t('answer.title', { offer: report.offerTitle })}</DialogTitle>
            <DialogContent>
              <DialogContentText id={`${id}-text`}>
                {t(`reasons.${report.reason}`)}
                {report.text ? ` — ${report.text}` : ''}
              </DialogContentText>
              <TextInput
                name="message"
                label={t('answer.message')}
                helperText={t('answer.messageHelp')}
                multiline
                minRows={4}
                required
                autoFocus
              />
              {canGiveFreshCode ? <CheckboxInput name="freshCode" label={t('answer.freshCode')} /> : null}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={busy}>
                {t('cancel')}
              </Button>
              <SubmitButton busy={busy} busyLabel={t('answer.sending')} size="medium">
                {t('answer.send')}
              </SubmitButton>
            </DialogActions>
          </form>
        </Dialog>
      )}
    />
  );
}
