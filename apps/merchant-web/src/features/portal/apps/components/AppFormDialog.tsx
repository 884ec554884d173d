import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  brandAppModes,
  REDIRECT_URIS_PER_APP,
  type BrandAppAnswer,
  type BrandAppWithSecret,
} from '@tullab/contracts';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting } from '@tullab/web-kit/forms/validate';
import { notify } from '@tullab/web-kit/notify';
import { focusFirstInvalid, LTR_INPUT, SelectInput } from '@tullab/web-kit/offer-form/form-parts';
import { useId, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useCreateBrandAppMutation, useUpdateBrandAppMutation } from '../../api';
import {
  appBodyOf,
  appFieldErrors,
  appValuesOf,
  newAppValues,
  validateApp,
  type AppValues,
} from '../app-form';
import { appRefusal } from '../app-refusals';

export interface AppFormDialogProps {
  /** the app to edit; none to create one */
  app?: BrandAppAnswer;
  /** a new app, with its secret to show once (when creating) */
  onCreated?: (issued: BrandAppWithSecret) => void;
  onClose: () => void;
}

/**
 * "Create an app" and "Edit" (issue 30 point 2): its name, its redirect URIs one a line and, when it is made, its
 * mode (which stays). Checked with the contracts' schema before sending; the server's refusals go under their fields.
 */
export function AppFormDialog({ app, onCreated, onClose }: AppFormDialogProps) {
  const { t } = useTranslation('merchant');
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [create] = useCreateBrandAppMutation();
  const [update] = useUpdateBrandAppMutation();
  const [initialValues] = useState(() => (app ? appValuesOf(app) : newAppValues()));
  const step = app ? 'edit' : 'create';

  const save = async (values: AppValues) => {
    const { name, redirectUris, mode } = appBodyOf(values);
    if (app) {
      await update({ id: app.id, name, redirectUris }).unwrap();
      notify(t('apps.form.savedTitle'), t('apps.form.saved', { name }), 'success');
      onClose();
    } else {
      onCreated?.(await create({ name, redirectUris, mode }).unwrap());
      notify(t('apps.form.createdTitle'), t('apps.form.created', { name }), 'success');
    }
  };

  const onSubmit = async (values: AppValues) => {
    const errors = await submitting(
      () => save(values),
      (error) => {
        notify(
          t(`apps.form.${step}FailedTitle`),
          appRefusal(error, `merchant:apps.form.${step}Failed`),
          'error',
        );
        focusFirstInvalid(formRef.current);
      },
    );
    // `submitting` gives the server's messages by the server's field names
    return (
      errors &&
      appFieldErrors(Object.entries(errors as Record<string, string>), appBodyOf(values).redirectUris)
    );
  };

  return (
    <Form<AppValues>
      onSubmit={onSubmit}
      validate={validateApp}
      initialValues={initialValues}
      subscription={{ submitting: true }}
      render={({ handleSubmit, submitting: busy }) => (
        <Dialog open fullWidth maxWidth="sm" onClose={busy ? undefined : onClose} aria-labelledby={id}>
          <form
            ref={formRef}
            noValidate
            aria-labelledby={id}
            onSubmit={(event) => {
              void handleSubmit(event);
              focusFirstInvalid(formRef.current);
            }}
          >
            <DialogTitle id={id}>
              {app ? t('apps.form.editTitle', { name: app.name }) : t('apps.form.createTitle')}
            </DialogTitle>
            <DialogContent>
              <TextInput
                name="name"
                label={t('apps.form.name')}
                helperText={t('apps.form.nameHelp')}
                autoComplete="off"
                required
              />
              <TextInput
                name="redirectUris"
                label={t('apps.form.redirectUris')}
                helperText={t('apps.form.redirectUrisHelp', { max: REDIRECT_URIS_PER_APP })}
                multiline
                minRows={3}
                required
                slotProps={{
                  htmlInput: { ...LTR_INPUT.htmlInput, spellCheck: false, autoCapitalize: 'off' },
                }}
              />
              {app ? (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t(`apps.form.modeStays.${app.mode}`)}
                </Typography>
              ) : (
                <SelectInput
                  name="mode"
                  label={t('apps.form.mode')}
                  options={brandAppModes.map((mode) => ({
                    value: mode,
                    label: t(`apps.form.modes.${mode}`),
                  }))}
                />
              )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={onClose} disabled={busy}>
                {t('cancel')}
              </Button>
              <SubmitButton
                size="medium"
                busy={busy}
                busyLabel={t(app ? 'apps.form.saving' : 'apps.form.creating')}
              >
                {t(app ? 'apps.form.save' : 'apps.form.create')}
              </SubmitButton>
            </DialogActions>
          </form>
        </Dialog>
      )}
    />
  );
}
