import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BRAND_APPS_PER_BRAND,
  type BrandAppAnswer,
  type BrandAppWithSecret,
  type WebhookWithSecret,
} from '@tullab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetBrandAppsQuery } from '../api';
import { Loadable, PageTitle, Section } from '../components/Section';
import { CONNECT_DOCS_PATH } from '../links';
import { AppCard } from './components/AppCard';
import { AppFormDialog } from './components/AppFormDialog';
import { RevokeAppDialog, RotateSecretDialog } from './components/AppStepDialogs';
import { SecretDialog } from './components/SecretDialog';
import { WebhookDialog } from './components/WebhookDialog';

/** The one dialog open at a time: each is mounted only while open, so a shown secret leaves with its dialog. */
type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'rotate' | 'revoke' | 'webhook'; app: BrandAppAnswer }
  | { kind: 'secret'; issued: BrandAppWithSecret; rotated: boolean }
  | { kind: 'webhookSecret'; app: BrandAppAnswer; issued: WebhookWithSecret };

/**
 * The brand's apps for "Verify with Tullab" (issue 30 point 2, decision 019), for its developers: each app's client
 * ID, redirect URIs and mode; creating one, editing it, rotating its secret and revoking it; its webhook (issue 30
 * point 5). A secret is shown once, when the app or its webhook is made or its secret rotated; closing a webhook's
 * secret goes back to the webhook.
 */
export function AppsPage() {
  const { t } = useTranslation('merchant');
  const apps = useGetBrandAppsQuery();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = () => setDialog(null);
  const showSecret = (rotated: boolean) => (issued: BrandAppWithSecret) =>
    setDialog({ kind: 'secret', issued, rotated });
  // the server refuses an app beyond BRAND_APPS_PER_BRAND active ones (409)
  const atLimit = (apps.data ?? []).filter((app) => app.status === 'active').length >= BRAND_APPS_PER_BRAND;

  const openDialog = () => {
    switch (dialog?.kind) {
      case 'create':
        return <AppFormDialog onCreated={showSecret(false)} onClose={close} />;
      case 'edit':
        return <AppFormDialog app={dialog.app} onClose={close} />;
      case 'rotate':
        return <RotateSecretDialog app={dialog.app} onRotated={showSecret(true)} onClose={close} />;
      case 'revoke':
        return <RevokeAppDialog app={dialog.app} onClose={close} />;
      case 'secret': {
        const { app, clientSecret } = dialog.issued;
        return (
          <SecretDialog
            title={t(dialog.rotated ? 'apps.secret.rotatedTitle' : 'apps.secret.createdTitle', {
              name: app.name,
            })}
            warning={t('apps.secret.warning')}
            lost={t('apps.secret.lost')}
            values={[
              { label: t('apps.clientId'), value: app.id },
              { label: t('apps.clientSecret'), value: clientSecret },
            ]}
            onClose={close}
          />
        );
      }
      case 'webhook':
        return (
          <WebhookDialog
            app={dialog.app}
            onSecret={(issued) => setDialog({ kind: 'webhookSecret', app: dialog.app, issued })}
            onClose={close}
          />
        );
      case 'webhookSecret':
        return (
          <SecretDialog
            title={t('webhooks.secret.title', { name: dialog.app.name })}
            warning={t('webhooks.secret.warning')}
            lost={t('webhooks.secret.lost')}
            values={[{ label: t('webhooks.secret.label'), value: dialog.issued.secret ?? '' }]}
            onClose={() => setDialog({ kind: 'webhook', app: dialog.app })}
          />
        );
      default:
        return null;
    }
  };

  return (
    <>
      <PageTitle title={t('apps.title')}>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          disabled={atLimit}
          onClick={() => setDialog({ kind: 'create' })}
        >
          {t('apps.create')}
        </Button>
      </PageTitle>
      <Typography color="text.secondary" sx={{ mt: -1.5, mb: 1 }}>
        {t('apps.intro')}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <Link href={CONNECT_DOCS_PATH}>{t('apps.docs')}</Link>
      </Typography>
      {atLimit ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('apps.limit', { max: BRAND_APPS_PER_BRAND })}
        </Alert>
      ) : null}
      <Section title={t('apps.listTitle')} testId="brand-apps">
        <Loadable query={apps}>
          {(list) =>
            list.length === 0 ? (
              <Typography>{t('apps.none')}</Typography>
            ) : (
              <Stack spacing={2}>
                {list.map((app) => (
                  <AppCard
                    key={app.id}
                    app={app}
                    onEdit={() => setDialog({ kind: 'edit', app })}
                    onRotate={() => setDialog({ kind: 'rotate', app })}
                    onRevoke={() => setDialog({ kind: 'revoke', app })}
                    onWebhook={() => setDialog({ kind: 'webhook', app })}
                  />
                ))}
              </Stack>
            )
          }
        </Loadable>
      </Section>
      {openDialog()}
    </>
  );
}
