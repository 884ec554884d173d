import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INSTITUTION_MIN_STUDENTS, type MerchantOffer } from '@tullab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetInstitutionsQuery } from '../api';
import { endedMonths } from '../dates';
import { useFormat } from '../format';
import { InstitutionsTable } from './InstitutionsTable';
import { offerTitle } from './OfferStatusChip';
import { Loadable, Section } from './Section';

/**
 * "Where the students study" (decision 017): a month that has ended, never a range of days, and one offer or all, so
 * that no two answers can be compared to single out a student; the note says why some figures are hidden.
 */
export function InstitutionsSection({ offers }: { offers: MerchantOffer[] }) {
  const { t, i18n } = useTranslation('merchant');
  const format = useFormat();
  const [months] = useState(() => endedMonths());
  const [period, setPeriod] = useState(months[0]);
  const [offerId, setOfferId] = useState('');
  const institutions = useGetInstitutionsQuery({ period, ...(offerId ? { offerId } : {}) });
  const min = INSTITUTION_MIN_STUDENTS;

  return (
    <Section title={t('institutions.title')} testId="merchant-institutions-section">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('institutions.month')}
          value={period}
          onChange={(event) => setPeriod(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
          data-testid="institutions-month"
        >
          {months.map((month) => (
            <option key={month} value={month}>
              {format.month(month)}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('institutions.offer')}
          value={offerId}
          onChange={(event) => setOfferId(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220 }}
          data-testid="institutions-offer"
        >
          <option value="">{t('funnel.allOffers')}</option>
          {offers.map((offer) => (
            <option key={offer.id} value={offer.id}>
              {offerTitle(offer, i18n.language)}
            </option>
          ))}
        </TextField>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('institutions.note', { min })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('institutions.why', { min })}
      </Typography>
      <div aria-busy={institutions.isFetching}>
        <Loadable query={institutions}>{(answer) => <InstitutionsTable breakdown={answer} />}</Loadable>
      </div>
    </Section>
  );
}
