import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BrandAppAnswer, BrandAppMode } from '@tullab/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format';
import { CopyValue } from './CopyValue';

const modeColours: Record<BrandAppMode, ChipProps['color']> = { test: 'info', live: 'success' };

/** One line of the app's details: a term and what it is. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, typography: 'body2' }}>
        {children}
      </Box>
    </>
  );
}

export interface AppCardProps {
  app: BrandAppAnswer;
  onEdit: () => void;
  onRotate: () => void;
  onRevoke: () => void;
  /** its webhook and delivery log (issue 30 point 5) */
  onWebhook: () => void;
}

/**
 * One of the brand's apps (decision 019): its name and mode, the client ID to copy, the redirect URIs, the secret's
 * last four characters (to tell which secret a server holds), its dates; while active, editing, rotating the secret,
 * its webhook and revoking it. A revoked app stays listed, greyed, for the record.
 */
export function AppCard({ app, onEdit, onRotate, onRevoke, onWebhook }: AppCardProps) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  const id = useId();
  const revoked = app.status === 'revoked';
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: 2, borderRadius: 2, bgcolor: revoked ? 'action.hover' : undefined }}
      data-testid="brand-app"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mr: 1 }}>
          <bdi>{app.name}</bdi>
        </Typography>
        <Chip
          size="small"
          color={revoked ? 'default' : modeColours[app.mode]}
          label={t(`apps.modes.${app.mode}`)}
        />
        {revoked ? <Chip size="small" variant="outlined" label={t('apps.revokedChip')} /> : null}
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1 },
          alignItems: 'baseline',
          my: 2,
        }}
      >
        <Detail term={t('apps.clientId')}>
          <CopyValue label={t('apps.clientId')} value={app.id} />
        </Detail>
        <Detail term={t('apps.redirectUris')}>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', wordBreak: 'break-all' }}>
            {app.redirectUris.map((uri) => (
              <li key={uri}>
                <bdi dir="ltr">{uri}</bdi>
              </li>
            ))}
          </Box>
        </Detail>
        <Detail term={t('apps.secretEndsIn')}>
          <bdi dir="ltr">
            <code>{t('apps.secretHint', { hint: app.secretHint })}</code>
          </bdi>
        </Detail>
        <Detail term={t('apps.createdAt')}>{format.moment(app.createdAt)}</Detail>
        {app.secretRotatedAt ? (
          <Detail term={t('apps.secretRotatedAt')}>{format.moment(app.secretRotatedAt)}</Detail>
        ) : null}
        {app.revokedAt ? <Detail term={t('apps.revokedAt')}>{format.moment(app.revokedAt)}</Detail> : null}
      </Box>
      {revoked ? null : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button size="small" variant="outlined" startIcon={<EditOutlined />} onClick={onEdit}>
            {t('apps.edit')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<AutorenewOutlined />} onClick={onRotate}>
            {t('apps.rotate.confirm')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<WebhookOutlined />} onClick={onWebhook}>
            {t('webhooks.open')}
          </Button>
          <Button size="small" color="warning" startIcon={<BlockOutlined />} onClick={onRevoke}>
            {t('apps.revoke.confirm')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
