import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { BrandAppMode } from '@tullab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { funnelCsvHref, useGetFunnelQuery, useGetMerchantOffersQuery, type FunnelArgs } from './api';
import { lastDays, type DayRange } from './dates';
import { DateRangePicker, type RangeChoice } from './components/DateRangePicker';
import { FunnelView } from './components/FunnelView';
import { InstitutionsSection } from './components/InstitutionsSection';
import { offerTitle } from './components/OfferStatusChip';
import { OffersTable } from './components/OffersTable';
import { Loadable, PageTitle, Section } from './components/Section';

const DEFAULT_PRESET = 30;

/**
 * The portal's first page (issue 16): the brand's offers, then the funnel of all of them or of one over a range of
 * days (totals, per day, as CSV), or what its test apps' checkouts redeemed and reported (issue 30), and where the
 * students who revealed codes in a month that has ended study (decision 017).
 */
export function OverviewPage() {
  const { t, i18n } = useTranslation('merchant');
  const offers = useGetMerchantOffersQuery();
  const [choice, setChoice] = useState<RangeChoice>(DEFAULT_PRESET);
  const [range, setRange] = useState<DayRange>(() => lastDays(DEFAULT_PRESET));
  const [offerId, setOfferId] = useState('');
  const [mode, setMode] = useState<BrandAppMode>('live');
  const args: FunnelArgs = {
    ...range,
    ...(offerId ? { offerId } : {}),
    ...(mode === 'test' ? { mode } : {}),
  };
  const funnel = useGetFunnelQuery(args);

  return (
    <>
      <PageTitle title={t('overview.title')} />
      <Section title={t('offers.title')} testId="merchant-offers-section">
        <Loadable query={offers}>{(list) => <OffersTable offers={list} />}</Loadable>
      </Section>

      <Section
        title={t('funnel.title')}
        testId="merchant-funnel"
        actions={
          <Button
            component="a"
            href={funnelCsvHref(args)}
            download
            variant="outlined"
            size="small"
            startIcon={<DownloadOutlined />}
            data-testid="funnel-csv"
          >
            {t('funnel.csv')}
          </Button>
        }
      >
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          sx={{ mb: 3, alignItems: { md: 'flex-end' } }}
        >
          <DateRangePicker
            choice={choice}
            range={range}
            onChange={(nextChoice, nextRange) => {
              setChoice(nextChoice);
              setRange(nextRange);
            }}
          />
          <TextField
            select
            size="small"
            label={t('funnel.offer')}
            value={offerId}
            onChange={(event) => setOfferId(event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
            data-testid="funnel-offer"
          >
            <option value="">{t('funnel.allOffers')}</option>
            {(offers.data ?? []).map((offer) => (
              <option key={offer.id} value={offer.id}>
                {offerTitle(offer, i18n.language)}
              </option>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('funnel.mode')}
            value={mode}
            onChange={(event) => setMode(event.target.value === 'test' ? 'test' : 'live')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
            data-testid="funnel-mode"
          >
            <option value="live">{t('funnel.modes.live')}</option>
            <option value="test">{t('funnel.modes.test')}</option>
          </TextField>
        </Stack>
        <div aria-busy={funnel.isFetching}>
          <Loadable query={funnel} lines={6}>
            {(answer) => <FunnelView funnel={answer} />}
          </Loadable>
        </div>
      </Section>

      <InstitutionsSection offers={offers.data ?? []} />
    </>
  );
}
