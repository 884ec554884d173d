import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  webhookEventTypes,
  type BrandAppAnswer,
  type WebhookEndpointAnswer,
  type WebhookWithSecret,
} from '@tullab/contracts';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { CheckboxInput } from '@tullab/web-kit/forms/CheckboxInput';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting } from '@tullab/web-kit/forms/validate';
import { notify } from '@tullab/web-kit/notify';
import { focusFirstInvalid, LTR_INPUT } from '@tullab/web-kit/offer-form/form-parts';
import { useId, useRef, useState } from 'react';
import { Form, useFormState } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loadable } from '../../components/Section';
import {
  eventFields,
  validateWebhook,
  webhookBodyOf,
  webhookFieldErrors,
  webhookValuesOf,
  type WebhookValues,
} from '../webhook-form';
import {
  useGetWebhookQuery,
  usePutWebhookMutation,
  useRemoveWebhookMutation,
  useRotateWebhookSecretMutation,
} from '../webhooks-api';
import { WebhookDeliveries } from './WebhookDeliveries';

/** The event types to choose, each with what it tells the brand; the refusal of none chosen under them. */
function EventChoices() {
  const { t } = useTranslation('merchant');
  const id = useId();
  const { errors, submitErrors, submitFailed, touched } = useFormState({
    subscription: { errors: true, submitErrors: true, submitFailed: true, touched: true },
  });
  const shown = submitFailed || Object.values(eventFields).some((field) => touched?.[field]);
  const error = (submitErrors?.events as string | undefined) ?? (shown ? errors?.events : undefined);
  return (
    <fieldset style={{ border: 0, margin: '16px 0 0', padding: 0 }} aria-describedby={`${id}-error`}>
      <Typography component="legend" variant="subtitle2">
        {t('webhooks.form.events')}
      </Typography>
      <FormGroup>
        {webhookEventTypes.map((type) => (
          <CheckboxInput
            key={type}
            name={eventFields[type]}
            label={
              <span>
                <bdi dir="ltr">
                  <code>{type}</code>
                </bdi>
                {': '}
                {t(`webhooks.events.${eventFields[type]}`)}
              </span>
            }
          />
        ))}
      </FormGroup>
      <FormHelperText id={`${id}-error`} error={Boolean(error)}>
        {error ?? ''}
      </FormHelperText>
    </fieldset>
  );
}

interface WebhookFormProps {
  app: BrandAppAnswer;
  hook: WebhookEndpointAnswer | null;
  onSecret: (issued: WebhookWithSecret) => void;
}

/** The URL and the events; saving a new webhook brings its signing secret, shown once by `onSecret`. */
function WebhookForm({ app, hook, onSecret }: WebhookFormProps) {
  const { t } = useTranslation('merchant');
  const formRef = useRef<HTMLFormElement>(null);
  const [put] = usePutWebhookMutation();
  const [initialValues] = useState(() => webhookValuesOf(hook));

  const onSubmit = async (values: WebhookValues) => {
    const errors = await submitting(
      async () => {
        const saved = await put({ id: app.id, ...webhookBodyOf(values) }).unwrap();
        notify(t('webhooks.form.savedTitle'), t('webhooks.form.saved', { name: app.name }), 'success');
        if (saved.secret) onSecret(saved);
      },
      (error) => {
        notify(t('webhooks.form.failedTitle'), serverMessage(error) ?? t('webhooks.form.failed'), 'error');
        focusFirstInvalid(formRef.current);
      },
    );
    return errors && webhookFieldErrors(Object.entries(errors as Record<string, string>));
  };

  return (
    <Form<WebhookValues>
      onSubmit={onSubmit}
      validate={validateWebhook}
      initialValues={initialValues}
      subscription={{ submitting: true }}
      render={({ handleSubmit, submitting: busy }) => (
        <form
          ref={formRef}
          noValidate
          aria-label={t('webhooks.form.label')}
          onSubmit={(event) => {
            void handleSubmit(event);
            focusFirstInvalid(formRef.current);
          }}
        >
          <TextInput
            name="url"
            label={t('webhooks.form.url')}
            helperText={t(`webhooks.form.urlHelp.${app.mode}`)}
            autoComplete="off"
            required
            slotProps={{ htmlInput: { ...LTR_INPUT.htmlInput, spellCheck: false, autoCapitalize: 'off' } }}
          />
          <EventChoices />
          <SubmitButton size="medium" busy={busy} busyLabel={t('webhooks.form.saving')}>
            {t(hook ? 'webhooks.form.save' : 'webhooks.form.create')}
          </SubmitButton>
        </form>
      )}
    />
  );
}

type Step = 'rotate' | 'remove';

/** Rotating the signing secret and removing the webhook, each asked first (`merchant:webhooks.<step>` texts). */
function WebhookSteps({
  app,
  hook,
  onSecret,
}: {
  app: BrandAppAnswer;
  hook: WebhookEndpointAnswer;
  onSecret: (issued: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation('merchant');
  const [asking, setAsking] = useState<Step | null>(null);
  const [rotate, rotating] = useRotateWebhookSecretMutation();
  const [remove, removing] = useRemoveWebhookMutation();
  const run = async (step: Step) => {
    try {
      if (step === 'rotate') onSecret(await rotate(app.id).unwrap());
      else await remove(app.id).unwrap();
      notify(t(`webhooks.${step}.doneTitle`), t(`webhooks.${step}.done`, { name: app.name }), 'success');
    } catch (error) {
      notify(
        t(`webhooks.${step}.failedTitle`),
        serverMessage(error) ?? t(`webhooks.${step}.failed`),
        'error',
      );
    }
    setAsking(null);
  };
  return (
    <>
      <Typography variant="body2" sx={{ mt: 2 }}>
        {t('webhooks.secretEndsIn')}{' '}
        <bdi dir="ltr">
          <code>{t('apps.secretHint', { hint: hook.secretHint })}</code>
        </bdi>
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<AutorenewOutlined />}
          onClick={() => setAsking('rotate')}
        >
          {t('webhooks.rotate.confirm')}
        </Button>
        <Button
          size="small"
          color="warning"
          startIcon={<DeleteOutline />}
          onClick={() => setAsking('remove')}
        >
          {t('webhooks.remove.confirm')}
        </Button>
      </Stack>
      {asking ? (
        <ConfirmDialog
          open
          title={t(`webhooks.${asking}.title`, { name: app.name })}
          text={t(`webhooks.${asking}.text`)}
          confirm={t(`webhooks.${asking}.confirm`)}
          busy={rotating.isLoading || removing.isLoading}
          onConfirm={() => void run(asking)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}

export interface WebhookDialogProps {
  app: BrandAppAnswer;
  /** a signing secret to show once (a new webhook's, or a rotated one) */
  onSecret: (issued: WebhookWithSecret) => void;
  onClose: () => void;
}

/**
 * An app's webhook (issue 30 point 5): where Tullab tells the brand's server what happened at its checkout, signed
 * (Standard Webhooks), with the events chosen; its signing secret rotated or the webhook removed; and the deliveries,
 * each of which may be sent again.
 */
export function WebhookDialog({ app, onSecret, onClose }: WebhookDialogProps) {
  const { t } = useTranslation('merchant');
  const id = useId();
  const webhook = useGetWebhookQuery(app.id);
  return (
    <Dialog open fullWidth maxWidth="md" onClose={onClose} aria-labelledby={id}>
      <DialogTitle id={id}>{t('webhooks.title', { name: app.name })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('webhooks.intro')}
        </Typography>
        <Loadable query={webhook}>
          {(hook) => (
            <>
              <WebhookForm key={hook?.updatedAt ?? 'new'} app={app} hook={hook} onSecret={onSecret} />
              {hook ? (
                <>
                  <WebhookSteps app={app} hook={hook} onSecret={onSecret} />
                  <WebhookDeliveries appId={app.id} />
                </>
              ) : null}
            </>
          )}
        </Loadable>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('webhooks.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
