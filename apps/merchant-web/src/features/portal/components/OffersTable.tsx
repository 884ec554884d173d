import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MerchantOffer } from '@tullab/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { merchantOfferPath } from '../links';
import { useFormat } from '../format';
import { offerTitle, OfferStatusChip } from './OfferStatusChip';

/** What is left of an offer's pool, with a warning when it runs low; a dash without a pool. */
export function CodesLeft({ offer }: { offer: MerchantOffer }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  if (offer.codesLeft === null) return <span aria-label={t('offers.noPool')}>—</span>;
  return (
    <>
      {t('offers.codesLeftOf', {
        left: format.number(offer.codesLeft),
        total: format.number(offer.codesTotal ?? offer.codesLeft),
      })}
      {offer.poolLow ? (
        <Chip
          size="small"
          color="warning"
          icon={<WarningAmberOutlined />}
          label={t('offers.poolLow')}
          sx={{ mx: 1 }}
          data-testid="pool-low"
        />
      ) : null}
    </>
  );
}

/** The brand's offers: each links to its page; open reports link to the reports page. */
export function OffersTable({ offers }: { offers: MerchantOffer[] }) {
  const { t, i18n } = useTranslation('merchant');
  if (offers.length === 0) return <Typography>{t('offers.none')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('offers.title')} data-testid="merchant-offers">
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('offers.columns.offer')}</TableCell>
            <TableCell scope="col">{t('offers.columns.status')}</TableCell>
            <TableCell scope="col">{t('offers.columns.codeSource')}</TableCell>
            <TableCell scope="col">{t('offers.columns.codesLeft')}</TableCell>
            <TableCell scope="col" align="right">
              {t('offers.columns.reports')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {offers.map((offer) => (
            <TableRow key={offer.id}>
              <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                <Link component={RouterLink} to={merchantOfferPath(offer.id)}>
                  {offerTitle(offer, i18n.language)}
                </Link>
              </TableCell>
              <TableCell>
                <OfferStatusChip status={offer.status} />
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>{t(`codeSources.${offer.codeSource}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <CodesLeft offer={offer} />
              </TableCell>
              <TableCell align="right">
                {offer.reportsOpen > 0 ? (
                  <Link component={RouterLink} to={paths.merchantReports}>
                    {t('offers.openReports', { count: offer.reportsOpen })}
                  </Link>
                ) : (
                  '0'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
