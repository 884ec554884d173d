import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { MerchantCodeReport } from '@tullab/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetCodeReportsQuery, useGetMerchantOffersQuery } from './api';
import { AnswerReportDialog } from './components/AnswerReportDialog';
import { Loadable, PageTitle } from './components/Section';
import { useFormat } from './format';

const TABS = ['open', 'answered'] as const;
type ReportTab = (typeof TABS)[number];

/** One report: the offer, the reason, the student's words and code, and the answer once there is one. */
function ReportCard({ report, onAnswer }: { report: MerchantCodeReport; onAnswer?: () => void }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  const id = useId();
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: 2, borderRadius: 2 }}
      data-testid="code-report"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {report.offerTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {format.moment(report.createdAt)}
          </Typography>
        </Box>
        <Box>
          <Chip size="small" label={t(`reasons.${report.reason}`)} />
        </Box>
      </Stack>
      {report.code ? (
        <Typography sx={{ mt: 1 }}>
          {t('reports.code')} <bdi dir="ltr">{report.code}</bdi>
        </Typography>
      ) : null}
      {report.text ? <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{report.text}</Typography> : null}
      {report.status === 'answered' ? (
        <Box sx={{ mt: 1.5, pl: 2, borderLeft: 3, borderColor: 'primary.light' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(`outcomes.${report.outcome ?? 'answered'}`)}
            {report.decidedAt ? ` · ${format.moment(report.decidedAt)}` : ''}
          </Typography>
          {report.answer ? <Typography sx={{ whiteSpace: 'pre-wrap' }}>{report.answer}</Typography> : null}
        </Box>
      ) : null}
      {onAnswer ? (
        <Button variant="contained" size="small" sx={{ mt: 1.5 }} onClick={onAnswer}>
          {t('reports.answer')}
        </Button>
      ) : null}
    </Paper>
  );
}

/** The reports of the tab's status. */
function ReportList({
  status,
  onAnswer,
}: {
  status: ReportTab;
  onAnswer: (report: MerchantCodeReport) => void;
}) {
  const { t } = useTranslation('merchant');
  const reports = useGetCodeReportsQuery(status);
  return (
    <Loadable query={reports}>
      {(list) =>
        list.length === 0 ? (
          <Typography>{t(`reports.none.${status}`)}</Typography>
        ) : (
          <Stack spacing={2}>
            {list.map((report) => (
              <ReportCard
                key={report.id}
                report={report}
                onAnswer={status === 'open' ? () => onAnswer(report) : undefined}
              />
            ))}
          </Stack>
        )
      }
    </Loadable>
  );
}

/** Students' reports about the brand's codes (issue 16), open and answered, and answering them. */
export function ReportsPage() {
  const { t } = useTranslation('merchant');
  const id = useId();
  const [tab, setTab] = useState<ReportTab>('open');
  const [answering, setAnswering] = useState<MerchantCodeReport | null>(null);
  const offers = useGetMerchantOffersQuery();
  const poolOffers = useMemo(
    () =>
      new Set((offers.data ?? []).filter((offer) => offer.codeSource === 'pool').map((offer) => offer.id)),
    [offers.data],
  );
  return (
    <>
      <PageTitle title={t('reports.title')} />
      <Tabs value={tab} onChange={(_, value: ReportTab) => setTab(value)} aria-label={t('reports.tabs')}>
        {TABS.map((status) => (
          <Tab
            key={status}
            value={status}
            label={t(`reports.tab.${status}`)}
            id={`${id}-tab-${status}`}
            aria-controls={`${id}-panel-${status}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} sx={{ pt: 3 }}>
        <ReportList key={tab} status={tab} onAnswer={setAnswering} />
      </Box>
      {answering ? (
        <AnswerReportDialog
          report={answering}
          canGiveFreshCode={poolOffers.has(answering.offerId)}
          onClose={() => setAnswering(null)}
        />
      ) : null}
    </>
  );
}
