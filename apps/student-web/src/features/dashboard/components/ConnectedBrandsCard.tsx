import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@tullab/web-kit/components/ConfirmDialog';
import { notify } from '@tullab/web-kit/notify';
import { formatDate, formatList } from '../../connect/format';
import { CONNECT_NAMESPACE } from '../../connect/namespace';
import {
  useDisconnectBrandMutation,
  useGetConnectedBrandsQuery,
  type ConnectedBrand,
} from '../connected-brands-api';
import { DashboardCard } from './DashboardCard';

/**
 * "Connected brands" on the dashboard (issue 30, decision 019): the brands' apps the student allowed to verify them,
 * each with what it sees and since when, and Disconnect, confirmed first: the brand then asks again at its next
 * checkout. Its texts load on their own, so the rest of the dashboard never waits for them.
 */
export function ConnectedBrandsCard() {
  return (
    <Suspense fallback={null}>
      <ConnectedBrands />
    </Suspense>
  );
}

function ConnectedBrands() {
  const { t } = useTranslation(CONNECT_NAMESPACE);
  const { data, isError, isFetching, refetch } = useGetConnectedBrandsQuery();
  const [disconnect, { isLoading: disconnecting }] = useDisconnectBrandMutation();
  // the brand the dialog asks about, kept while the dialog closes
  const [asked, setAsked] = useState<ConnectedBrand | null>(null);
  const [asking, setAsking] = useState(false);
  const [removed, setRemoved] = useState<string | null>(null);
  const content = useRef<HTMLDivElement>(null);

  // the Disconnect button that had focus is gone with its brand: focus goes to what the card shows now
  useEffect(() => {
    if (removed) content.current?.focus();
  }, [removed]);

  const confirm = async () => {
    if (!asked) return;
    try {
      await disconnect(asked.id).unwrap();
    } catch {
      notify(
        t('connectedBrands.disconnectFailed.title'),
        t('connectedBrands.disconnectFailed.text'),
        'error',
      );
      setAsking(false);
      return;
    }
    notify(
      t('connectedBrands.disconnected.title'),
      t('connectedBrands.disconnected.text', { app: asked.appName }),
      'success',
    );
    setAsking(false);
    setRemoved(asked.id);
  };

  let shown;
  if (isError && !isFetching) {
    shown = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('connectedBrands.retry')}
          </Button>
        }
      >
        {t('connectedBrands.failed')}
      </Alert>
    );
  } else if (!data) {
    shown = (
      <Stack role="status" direction="row" sx={{ alignItems: 'center', gap: 1.5, py: 1 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography variant="body2">{t('connectedBrands.loading')}</Typography>
      </Stack>
    );
  } else if (data.length === 0) {
    shown = <Typography>{t('connectedBrands.empty')}</Typography>;
  } else {
    shown = (
      <Box
        component="ul"
        aria-label={t('connectedBrands.listLabel')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {data.map((brand) => (
          <BrandRow
            key={brand.id}
            brand={brand}
            onDisconnect={() => {
              setAsked(brand);
              setAsking(true);
            }}
          />
        ))}
      </Box>
    );
  }

  return (
    <DashboardCard
      title={t('connectedBrands.title')}
      icon={<StorefrontOutlined />}
      description={t('connectedBrands.description')}
    >
      <Box ref={content} tabIndex={-1} sx={{ outline: 'none' }}>
        {shown}
      </Box>
      <ConfirmDialog
        open={asking}
        title={t('connectedBrands.dialog.title', { app: asked?.appName })}
        text={t('connectedBrands.dialog.text', { app: asked?.appName })}
        confirm={t('connectedBrands.dialog.confirm')}
        busyLabel={t('connectedBrands.dialog.busy')}
        cancel={t('connectedBrands.dialog.cancel')}
        busy={disconnecting}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </DashboardCard>
  );
}

/** One connected app: its name (and brand), whether it is a test app, what it sees, since when, and Disconnect. */
function BrandRow({ brand, onDisconnect }: { brand: ConnectedBrand; onDisconnect: () => void }) {
  const { t, i18n } = useTranslation(CONNECT_NAMESPACE);
  const titleId = useId();
  const sees = formatList(
    brand.scopes.map((scope) => t(`scopes.${scope}`)),
    i18n.language,
  );
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={titleId} component="h3" variant="subtitle1" dir="auto" sx={{ fontWeight: 700 }}>
              {brand.appName}
            </Typography>
            {brand.mode === 'test' ? (
              <Chip size="small" color="warning" label={t('connectedBrands.testApp')} />
            ) : null}
          </Stack>
          {brand.brandName ? (
            <Typography variant="body2" color="text.secondary">
              {t('connectedBrands.brand', { brand: brand.brandName })}
            </Typography>
          ) : null}
          {sees ? (
            <Typography variant="body2">{t('connectedBrands.shares', { list: sees })}</Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            <time dateTime={brand.connectedAt}>
              {t('connectedBrands.since', { date: formatDate(brand.connectedAt, i18n.language) })}
            </time>
          </Typography>
        </Box>
        <Button variant="outlined" color="error" onClick={onDisconnect} aria-describedby={titleId}>
          {t('connectedBrands.disconnect')}
        </Button>
      </Stack>
    </Box>
  );
}
