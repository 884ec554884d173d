import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '@tullab/web-kit/api/client';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { useAppDispatch } from '@tullab/web-kit/hooks';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../app/paths';
import { FileInput } from '../../components/forms/FileInput';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting, validateWith } from '@tullab/web-kit/forms/validate';
import { currentLanguage } from '@tullab/web-kit/i18n/start';
import { intlLocaleOf } from '@tullab/web-kit/i18n/languages';
import { RequireSignIn } from '../auth/RequireSignIn';
import { ACCEPTED_EXTENSIONS, DOCUMENT_TYPES, documentForm, type DocumentForm } from './schemas';
import { uploadDocument } from './upload';

/** The catalogue key of the 'Upload Failed' text when the server gave none. */
export const UPLOAD_FAILED_DEFAULT = 'verification:document.toast.failedMessage';

const ACCEPT = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** SPEC §2 /document-verification: a document for manual review, then the pending message. */
export function DocumentVerificationPage() {
  return (
    <RequireSignIn>
      <DocumentVerification />
    </RequireSignIn>
  );
}

/** '42% uploaded', the number as the page's language writes it. */
const percentOf = (progress: number) =>
  new Intl.NumberFormat(intlLocaleOf(currentLanguage()), { style: 'percent' }).format(progress / 100);

function DocumentVerification() {
  const { t } = useTranslation('verification');
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const dispatch = useAppDispatch();

  const onSubmit = (values: DocumentForm) =>
    submitting(
      async () => {
        setProgress(0);
        try {
          await uploadDocument(
            {
              document: values.document,
              documentType: values.documentType,
              institution: values.institution.trim(),
            },
            crypto.randomUUID(),
            setProgress,
          );
        } finally {
          setProgress(null);
        }
        // The status is now pending: the header and the dashboard ask again.
        dispatch(api.util.invalidateTags(['User', 'Profile']));
        notify(t('document.toast.successTitle'), t('document.toast.successMessage'), 'success');
        setUploaded(true);
      },
      // A server's message is shown as it came (English for now).
      (error) =>
        notify(t('document.toast.failedTitle'), serverMessage(error) ?? t(UPLOAD_FAILED_DEFAULT), 'error'),
    );

  if (uploaded) {
    return (
      <FormPage
        title={t('document.pending.title')}
        documentTitle={t('document.documentTitle')}
        icon={<HourglassTopOutlined />}
      >
        <Typography role="status" sx={{ mb: 2 }}>
          {t('document.pending.message')}
        </Typography>
        <Button component={RouterLink} to={paths.home} variant="contained" size="large" fullWidth>
          {t('document.pending.continue')}
        </Button>
      </FormPage>
    );
  }

  return (
    <FormPage
      title={t('document.title')}
      documentTitle={t('document.documentTitle')}
      icon={<UploadFileOutlined />}
      subtitle={t('document.subtitle')}
    >
      <Form<DocumentForm>
        onSubmit={onSubmit}
        validate={validateWith(documentForm)}
        render={({ handleSubmit, submitting: busy }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextInput name="documentType" label={t('document.type')} select required>
              {DOCUMENT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`document.types.${type}`)}
                </MenuItem>
              ))}
            </TextInput>
            <TextInput
              name="institution"
              label={t('document.institution')}
              autoComplete="organization"
              placeholder={t('document.institutionExample')}
              required
            />
            <FileInput
              name="document"
              label={t('document.file')}
              accept={ACCEPT}
              helperText={t('document.fileHelp')}
            />
            {progress !== null ? (
              <Box sx={{ mb: 2 }}>
                <LinearProgress
                  variant="determinate"
                  value={progress}
                  aria-label={t('document.progressLabel')}
                />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('document.progress', { percent: percentOf(progress) })}
                </Typography>
              </Box>
            ) : null}
            <SubmitButton busy={busy} busyLabel={t('document.busy')} fullWidth>
              {t('document.submit')}
            </SubmitButton>
          </form>
        )}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.studentVerification}>
          {t('backToEmail')}
        </Link>
      </Typography>
    </FormPage>
  );
}
