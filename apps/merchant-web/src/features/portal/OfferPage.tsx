import EditOutlined from '@mui/icons-material/EditOutlined';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MerchantOffer } from '@tullab/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../app/paths';
import { useGetMerchantOfferQuery, usePauseMerchantOfferMutation } from './api';
import { ConfirmDialog } from './components/ConfirmDialog';
import { offerTitle, OfferStatusChip } from './components/OfferStatusChip';
import { CodesLeft } from './components/OffersTable';
import { PoolUpload } from './components/PoolUpload';
import { Loadable, PageTitle, Section } from './components/Section';
import { useFormat } from './format';

/** The offer's facts as a description list. */
function OfferFacts({ offer }: { offer: MerchantOffer }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  const facts: Array<[string, ReactNode]> = [
    [t('offer.status'), <OfferStatusChip key="status" status={offer.status} />],
    [t('offer.type'), t(`offerTypes.${offer.offerType}`)],
    [t('offer.codeSource'), t(`codeSources.${offer.codeSource}`)],
    [t('offer.codesLeft'), <CodesLeft key="codes" offer={offer} />],
    [t('offer.reportsOpen'), format.number(offer.reportsOpen)],
    [t('offer.expires'), offer.expiresAt ? format.moment(offer.expiresAt) : t('offer.noExpiry')],
    [t('offer.created'), format.moment(offer.createdAt)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One of the brand's offers (issue 16): its facts, pausing it, proposing an edit, and its pool of codes. */
export function OfferPage() {
  const { t, i18n } = useTranslation('merchant');
  const { offerId = '' } = useParams();
  const offer = useGetMerchantOfferQuery(offerId);
  const [pause, pausing] = usePauseMerchantOfferMutation();
  const [confirming, setConfirming] = useState(false);

  const onPause = async () => {
    try {
      await pause(offerId).unwrap();
      notify(t('offer.pausedTitle'), t('offer.paused'), 'success');
      setConfirming(false);
    } catch (error) {
      notify(t('offer.pauseFailedTitle'), serverMessage(error) ?? t('offer.pauseFailed'), 'error');
    }
  };

  return (
    <>
      <Link component={RouterLink} to={paths.merchant} sx={{ display: 'inline-block', mb: 1 }}>
        {t('offer.back')}
      </Link>
      <Loadable query={offer} lines={6}>
        {(data) => (
          <>
            <PageTitle title={offerTitle(data, i18n.language)}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button
                  component={RouterLink}
                  to={`${paths.merchantProposals}?edit=${encodeURIComponent(data.id)}`}
                  variant="outlined"
                  startIcon={<EditOutlined />}
                >
                  {t('offer.proposeEdit')}
                </Button>
                {data.status === 'live' ? (
                  <Button
                    variant="contained"
                    color="warning"
                    startIcon={<PauseCircleOutline />}
                    onClick={() => setConfirming(true)}
                    data-testid="offer-pause"
                  >
                    {t('offer.pause')}
                  </Button>
                ) : null}
              </Stack>
            </PageTitle>
            <Section title={t('offer.details')}>
              <OfferFacts offer={data} />
            </Section>
            {data.offerType === 'discount' ? (
              <Section title={t('pool.title')} testId="merchant-pool">
                <PoolUpload offerId={data.id} />
              </Section>
            ) : null}
            <ConfirmDialog
              open={confirming}
              title={t('offer.pauseConfirmTitle')}
              text={t('offer.pauseConfirm', { title: offerTitle(data, i18n.language) })}
              confirm={t('offer.pause')}
              busy={pausing.isLoading}
              onConfirm={() => void onPause()}
              onClose={() => setConfirming(false)}
            />
          </>
        )}
      </Loadable>
    </>
  );
}
