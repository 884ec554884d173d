import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Funnel } from '@tullab/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screenReaderOnly } from '@tullab/web-kit/components/screen-reader-only';
import { useFormat } from '../format';
import { FunnelChart } from './FunnelChart';

/** The headline figures, in the funnel's order: views → reveals → code copies / referral clicks → redemptions. */
export const FUNNEL_FIGURES = ['views', 'reveals', 'codeCopies', 'referralClicks', 'redemptions'] as const;
/** What brands' checkouts reported (Verify with Tullab, issue 30): orders and their amounts. */
const ORDER_FIGURES = ['orders', 'revenue'] as const;
/** The day table's columns: the figures, the distinct students and the orders. */
const DAY_COLUMNS = [...FUNNEL_FIGURES, 'students', ...ORDER_FIGURES] as const;

type Figure = (typeof DAY_COLUMNS)[number];

/** A figure as it reads: revenue in AED, the others as counts. */
const shown = (format: ReturnType<typeof useFormat>, figure: Figure, value: number) =>
  figure === 'revenue' ? format.aed(value) : format.number(value);

/** The totals as cards, each count with its share of the views. */
function FunnelTotals({ totals }: { totals: Funnel['totals'] }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  return (
    <Box
      component="dl"
      data-testid="funnel-totals"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, 1fr)',
          sm: 'repeat(3, 1fr)',
          md: 'repeat(4, 1fr)',
          lg: 'repeat(7, 1fr)',
        },
        gap: 1.5,
        m: 0,
      }}
    >
      {[...FUNNEL_FIGURES, ...ORDER_FIGURES].map((figure) => {
        const share =
          figure === 'views' || figure === 'revenue' ? null : format.percent(totals[figure], totals.views);
        return (
          <Paper
            key={figure}
            variant="outlined"
            sx={{ p: 1.5, borderRadius: 2 }}
            data-testid={`funnel-total-${figure}`}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`funnel.figures.${figure}`)}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }}>
              {shown(format, figure, totals[figure])}
            </Typography>
            {share ? (
              <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
                {t('funnel.ofViews', { share })}
              </Typography>
            ) : null}
          </Paper>
        );
      })}
    </Box>
  );
}

/**
 * A funnel answer: the totals, the per-day chart, and the same days as a table, which screen readers read instead of
 * the chart and anyone may show.
 */
export function FunnelView({ funnel }: { funnel: Funnel }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const empty = funnel.days.every((day) => FUNNEL_FIGURES.every((figure) => day[figure] === 0));

  return (
    <Box>
      {funnel.mode === 'test' ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="funnel-test-mode">
          {t('funnel.testMode')}
        </Alert>
      ) : null}
      <FunnelTotals totals={funnel.totals} />
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 1.5 }}
        role="status"
        data-testid="funnel-summary"
      >
        {t('funnel.summary', {
          from: format.day(funnel.from),
          to: format.day(funnel.to),
          views: format.number(funnel.totals.views),
          redemptions: format.number(funnel.totals.redemptions),
        })}
      </Typography>
      {empty ? (
        <Typography sx={{ mt: 2 }}>{t('funnel.empty')}</Typography>
      ) : (
        <Box sx={{ mt: 2 }}>
          <FunnelChart days={funnel.days} />
        </Box>
      )}
      <Button
        size="small"
        sx={{ mt: 1 }}
        aria-expanded={tableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {t(tableShown ? 'funnel.hideTable' : 'funnel.showTable')}
      </Button>
      <TableContainer id={tableId} sx={tableShown ? { maxHeight: 420, mt: 1 } : screenReaderOnly}>
        <Table size="small" stickyHeader aria-labelledby={`${tableId}-caption`}>
          <caption id={`${tableId}-caption`}>{t('funnel.tableCaption')}</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('funnel.day')}</TableCell>
              {DAY_COLUMNS.map((column) => (
                <TableCell key={column} scope="col" align="right">
                  {t(`funnel.figures.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {funnel.days.map((day) => (
              <TableRow key={day.day} data-testid={`funnel-day-${day.day}`}>
                <TableCell component="th" scope="row">
                  {format.day(day.day)}
                </TableCell>
                {DAY_COLUMNS.map((column) => (
                  <TableCell key={column} align="right">
                    {shown(format, column, day[column])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
