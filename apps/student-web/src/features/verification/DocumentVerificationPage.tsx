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
import { Link as RouterLink } from 'react-router-dom';
import { api, serverMessage } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../app/notify';
import { paths } from '../../app/paths';
import { FileInput } from '../../components/forms/FileInput';
import { FormPage } from '../../components/FormPage';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { TextInput } from '../../components/forms/TextInput';
import { submitting, validateWith } from '../../components/forms/validate';
import { RequireSignIn } from '../auth/RequireSignIn';
import { ACCEPTED_EXTENSIONS, DOCUMENT_TYPES, documentForm, type DocumentForm } from './schemas';
import { uploadDocument } from './upload';

export const UPLOAD_FAILED_DEFAULT = 'Failed to upload document. Please try again.';

const ACCEPT = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** SPEC §2 /document-verification: a document for manual review, then the pending message. */
export function DocumentVerificationPage() {
  return (
    <RequireSignIn>
      <DocumentVerification />
    </RequireSignIn>
  );
}

function DocumentVerification() {
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
        notify('Document Uploaded Successfully!', 'We will review it within 24 hours.', 'success');
        setUploaded(true);
      },
      (error) => notify('Upload Failed', serverMessage(error) ?? UPLOAD_FAILED_DEFAULT, 'error'),
    );

  if (uploaded) {
    return (
      <FormPage
        title="Verification Pending"
        documentTitle="Document Verification"
        icon={<HourglassTopOutlined />}
      >
        <Typography role="status" sx={{ mb: 2 }}>
          Thank you. Your document is with our team for manual verification, which is completed within 24
          hours (usually 12-24 hours). We will email you as soon as your student status is approved.
        </Typography>
        <Button component={RouterLink} to={paths.home} variant="contained" size="large" fullWidth>
          Continue to Home
        </Button>
      </FormPage>
    );
  }

  return (
    <FormPage
      title="Upload a Verification Document"
      documentTitle="Document Verification"
      icon={<UploadFileOutlined />}
      subtitle="Upload a document that shows you are currently enrolled. Our team reviews it within 24 hours."
    >
      <Form<DocumentForm>
        onSubmit={onSubmit}
        validate={validateWith(documentForm)}
        render={({ handleSubmit, submitting: busy }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextInput name="documentType" label="Document Type" select required>
              {DOCUMENT_TYPES.map((type) => (
                <MenuItem key={type.value} value={type.value}>
                  {type.label}
                </MenuItem>
              ))}
            </TextInput>
            <TextInput
              name="institution"
              label="Institution Name"
              autoComplete="organization"
              placeholder="e.g. University of Dubai"
              required
            />
            <FileInput
              name="document"
              label="Document file"
              accept={ACCEPT}
              helperText="JPEG, PNG, WEBP or PDF, up to 5MB"
            />
            {progress !== null ? (
              <Box sx={{ mb: 2 }}>
                <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {progress}% uploaded
                </Typography>
              </Box>
            ) : null}
            <SubmitButton busy={busy} busyLabel="Uploading..." fullWidth>
              Upload Document
            </SubmitButton>
          </form>
        )}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.studentVerification}>
          Back to Email Verification
        </Link>
      </Typography>
    </FormPage>
  );
}
