import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LaunchIcon from '@mui/icons-material/Launch';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { notify } from '@tullab/web-kit/notify';
import { discountsLocation } from '../../../app/paths';
import { DEFAULT_LANGUAGE, intlLocaleOf, languageOfTag } from '@tullab/web-kit/i18n/languages';
import { copyText } from '../../offers/clipboard';
import { BrandLogo } from '../../offers/components/BrandLogo';
import { screenReaderOnly } from '@tullab/web-kit/components/screen-reader-only';
import { COPY_COOLDOWN_MS, REFERRAL_COOLDOWN_MS, useCooldown } from '../../offers/cooldown';
import { isArabic } from '../../offers/localised';
import { isWebLink } from '../../offers/offer';
import { useOfferTracking } from '../../offers/use-offer-tracking';
import { useGetMyCodesQuery, type CodeOfferState, type MyCode } from '../my-codes-api';
import { DashboardCard } from './DashboardCard';

/** Codes on one page of the card. */
export const MY_CODES_PER_PAGE = 5;

const NAMESPACE = 'myCodes';

const stateColours: Record<CodeOfferState, 'success' | 'warning' | 'default'> = {
  live: 'success',
  paused: 'warning',
  expired: 'default',
};

/** The offer's title in the page's language: its Arabic title on an Arabic page when it has one (localised.ts). */
export function titleOf(item: Pick<MyCode, 'title' | 'titleAr'>, language: string | undefined): string {
  return isArabic(language) && item.titleAr?.trim() ? item.titleAr : item.title;
}

const localeOf = (language: string | undefined) => intlLocaleOf(languageOfTag(language) ?? DEFAULT_LANGUAGE);

/**
 * "My codes" on the dashboard (issue 13 point 2, decision 013): every code the student revealed, newest first, a page
 * at a time from the server, each with its offer, the date, its state and "Copy again". Its texts load on their own,
 * so the rest of the dashboard never waits for them.
 */
export function MyCodesCard() {
  return (
    <Suspense fallback={null}>
      <MyCodes />
    </Suspense>
  );
}

function MyCodes() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [page, setPage] = useState(1);
  const { data, isError, isFetching, refetch } = useGetMyCodesQuery({ page, perPage: MY_CODES_PER_PAGE });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;

  // a page past the last one (codes went away meanwhile): show the last page there is
  useEffect(() => {
    if (data && data.page === page && data.data.length === 0 && data.total > 0 && page > 1) setPage(pages);
  }, [data, page, pages]);

  let content;
  if (isError && !isFetching) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('failed')}
      </Alert>
    );
  } else if (!data) {
    content = (
      <Stack role="status" direction="row" sx={{ alignItems: 'center', gap: 1.5, py: 1 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography variant="body2">{t('loading')}</Typography>
      </Stack>
    );
  } else if (data.total === 0) {
    content = (
      <Stack sx={{ alignItems: 'flex-start', gap: 1.5 }}>
        <Typography>{t('empty')}</Typography>
        <Button component={RouterLink} to={discountsLocation} variant="outlined">
          {t('browseOffers')}
        </Button>
      </Stack>
    );
  } else {
    const number = new Intl.NumberFormat(localeOf(i18n.language));
    const from = (data.page - 1) * data.perPage + 1;
    const to = from + data.data.length - 1;
    content = (
      <Stack sx={{ gap: 2 }}>
        <Box
          component="ul"
          aria-label={t('listLabel')}
          aria-busy={isFetching}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, opacity: isFetching ? 0.6 : 1 }}
        >
          {data.data.map((item) => (
            <CodeRow key={item.id} item={item} />
          ))}
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', gap: 1 }}
        >
          <Typography variant="body2" color="text.secondary" role="status">
            {pages > 1 && data.data.length > 0
              ? t('range', {
                  from: number.format(from),
                  to: number.format(to),
                  total: number.format(data.total),
                })
              : null}
          </Typography>
          {pages > 1 ? (
            <Pagination
              count={pages}
              page={page}
              onChange={(_event, next) => setPage(next)}
              aria-label={t('pagination.label')}
              getItemAriaLabel={(type, item, selected) =>
                type === 'page'
                  ? t(selected ? 'pagination.current' : 'pagination.page', { page: number.format(item ?? 1) })
                  : t(`pagination.${type}`)
              }
              siblingCount={0}
              color="primary"
            />
          ) : null}
        </Stack>
      </Stack>
    );
  }

  return (
    <DashboardCard title={t('title')} icon={<ConfirmationNumberOutlined />} description={t('description')}>
      {content}
    </DashboardCard>
  );
}

/** One revealed code: the offer (logo, title, brand), when it was revealed, the offer's state, the code and its action. */
function CodeRow({ item }: { item: MyCode }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const tracking = useOfferTracking();
  const passCopy = useCooldown(COPY_COOLDOWN_MS);
  const passReferral = useCooldown(REFERRAL_COOLDOWN_MS);
  const titleId = useId();
  const offer = { id: item.offerId, brandName: item.brandName };
  const revealed = new Date(item.revealedAt);
  const date = Number.isNaN(revealed.getTime())
    ? null
    : new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium' }).format(revealed);

  const copy = async () => {
    if (!item.code || !passCopy()) return;
    try {
      await copyText(item.code);
    } catch (err) {
      console.warn('Failed to copy the discount code', err);
      notify(t('toasts.copyFailed.title'), t('toasts.copyFailed.text'), 'error');
      return;
    }
    notify(t('toasts.copied.title'), t('toasts.copied.text', { brand: item.brandName }), 'success');
    // counted as a copy like the offer's own Copy button; an offer out of the catalogue counts nothing
    if (item.state === 'live') tracking.codeCopied(offer);
  };

  const openedLink = () => {
    if (passReferral()) tracking.referralClicked(offer);
  };

  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
        <BrandLogo name={item.brandName} src={item.logoUrl} size={48} decorative />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            sx={{ gap: 1, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <Typography id={titleId} component="h3" variant="subtitle1" dir="auto" sx={{ fontWeight: 700 }}>
              {titleOf(item, i18n.language)}
            </Typography>
            <Chip
              size="small"
              color={stateColours[item.state]}
              variant={item.state === 'live' ? 'filled' : 'outlined'}
              label={
                <>
                  <Box component="span" sx={screenReaderOnly}>
                    {t('stateLabel')}
                  </Box>
                  {t(`state.${item.state}`)}
                </>
              }
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" dir="auto">
            {item.brandName}
          </Typography>
          {date ? (
            <Typography variant="body2" color="text.secondary">
              <time dateTime={item.revealedAt}>{t('revealed', { date })}</time>
            </Typography>
          ) : null}
          {item.state !== 'live' ? (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t(`stateHint.${item.state}`)}
            </Typography>
          ) : null}

          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ mt: 1.5, gap: 1.5, alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            {item.code ? (
              <>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box component="span" sx={screenReaderOnly}>
                    {t('codeLabel')}
                  </Box>
                  <Box
                    component="code"
                    // a code reads left to right in every language
                    dir="ltr"
                    sx={{
                      display: 'inline-block',
                      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                      fontWeight: 700,
                      letterSpacing: '0.04em',
                      border: 1,
                      borderStyle: 'dashed',
                      borderColor: 'primary.main',
                      borderRadius: 1.5,
                      px: 1.5,
                      py: 0.5,
                      wordBreak: 'break-all',
                      userSelect: 'all',
                    }}
                  >
                    {item.code}
                  </Box>
                </Box>
                <Button
                  variant="outlined"
                  startIcon={<ContentCopyIcon />}
                  onClick={() => void copy()}
                  aria-describedby={titleId}
                >
                  {t('copyAgain')}
                </Button>
              </>
            ) : isWebLink(item.referralLink) ? (
              <Button
                component="a"
                href={item.referralLink}
                target="_blank"
                rel="noopener noreferrer"
                variant="outlined"
                endIcon={<LaunchIcon sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />}
                onClick={openedLink}
                aria-describedby={titleId}
              >
                {t('openLink')}
                <Box component="span" sx={screenReaderOnly}>
                  {t('newTab')}
                </Box>
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('linkUnavailable')}
              </Typography>
            )}
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
