import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LaunchIcon from '@mui/icons-material/Launch';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ShareIcon from '@mui/icons-material/Share';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { returnHereState } from '@tullab/web-kit/session/return-to';
import { useAuth } from '@tullab/web-kit/session/use-auth';
import { detailsStateOf } from '../details-state';
import type { Offer, OfferSummary } from '../offer';
import { brandOf, formatOfferDate } from '../offer-display';
import { useModalNotice } from '../use-modal-notice';
import { OFFER_PARAM } from '../use-offer-modal';
import { useRedemption } from '../use-redemption';
import { useShareOffer } from '../use-share-offer';
import { DiscountBadge } from './DiscountBadge';
import { ReportCodeLink } from './ReportCodeDialog';
import { screenReaderOnly } from '@tullab/web-kit/components/screen-reader-only';

/** The box in which each Details state shows its title, its text and its action. */
function StatePanel({
  icon,
  title,
  text,
  children,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center', bgcolor: 'background.default' }}>
      {icon}
      <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {text ? (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {text}
        </Typography>
      ) : null}
      {children ? <Box sx={{ mt: 2 }}>{children}</Box> : null}
    </Paper>
  );
}

const stateIcon = { fontSize: 36, color: 'primary.dark', mb: 1 } as const;

/**
 * The Details tab: what the offer is, then what this user can do with it (SPEC §4 states 1–4), then sharing. The
 * general information and the website link appear once the offer's texts (`texts`) have arrived.
 */
export function OfferDetails({ offer, texts }: { offer: OfferSummary; texts?: Offer }) {
  const { t, i18n } = useTranslation('offers');
  const auth = useAuth();
  const { notice, tell } = useModalNotice();
  const { code, refusal, isRedeeming, redeemCode, copyCode, openReferral } = useRedemption(offer, tell);
  const share = useShareOffer(offer, tell);
  const state = detailsStateOf(auth, offer, refusal);
  const validUntil = formatOfferDate(offer.expiresAt, i18n.language);
  // After signing in, the student comes back to this offer's modal.
  const location = useLocation();
  const backToOffer = returnHereState({
    ...location,
    pathname: paths.home,
    search: `?${OFFER_PARAM}=${encodeURIComponent(offer.id)}`,
    hash: '',
  });

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <DiscountBadge offer={offer} size="large" />
        <Typography dir="auto" sx={{ fontWeight: 700 }}>
          {offer.title}
        </Typography>
        {offer.description ? (
          <Typography dir="auto" color="text.secondary">
            {offer.description}
          </Typography>
        ) : null}
        {offer.businessDescription ? (
          <Typography dir="auto" color="text.secondary">
            {offer.businessDescription}
          </Typography>
        ) : null}
        {texts?.generalInfo ? (
          <Typography dir="auto" variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {texts.generalInfo}
          </Typography>
        ) : null}
        {validUntil ? (
          <Typography variant="body2" color="text.secondary">
            {t('card.validUntil', { date: validUntil })}
          </Typography>
        ) : null}
        {texts?.websiteLink ? (
          <Link href={texts.websiteLink} target="_blank" rel="noopener noreferrer" variant="body2">
            {t('details.visitWebsite', { brand: brandOf(offer) })}
          </Link>
        ) : null}
      </Stack>

      <Box aria-live="polite">
        {state === 'loading' ? (
          <StatePanel
            icon={<CircularProgress size={28} sx={{ mb: 1 }} aria-hidden />}
            title={t('details.loading.title')}
            text={t('details.loading.text')}
          />
        ) : null}
        {state === 'sign-in' ? (
          <StatePanel
            icon={<LockOutlinedIcon sx={stateIcon} />}
            title={t('details.signIn.title')}
            text={t('details.signIn.text')}
          >
            <Button component={RouterLink} to={paths.login} state={backToOffer} variant="contained">
              {t('details.signIn.action')}
            </Button>
          </StatePanel>
        ) : null}
        {state === 'verify' ? (
          <StatePanel
            icon={<VerifiedUserOutlinedIcon sx={stateIcon} />}
            title={t('details.verify.title')}
            text={t('details.verify.text')}
          >
            <Button component={RouterLink} to={paths.studentVerification} variant="contained">
              {t('details.verify.action')}
            </Button>
          </StatePanel>
        ) : null}
        {state === 'redeem' && code === null ? (
          <StatePanel title={t('details.redeem.title')} text={t('details.redeem.text')}>
            <Button variant="contained" onClick={redeemCode} loading={isRedeeming} loadingPosition="start">
              {t('details.redeem.action')}
            </Button>
          </StatePanel>
        ) : null}
        {state === 'redeem' && code !== null ? (
          <StatePanel title={t('details.code.title')}>
            <Box
              component="p"
              // a code reads left to right in every language
              dir="ltr"
              sx={{
                display: 'block',
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                fontSize: '1.5rem',
                fontWeight: 700,
                letterSpacing: '0.06em',
                border: 2,
                borderStyle: 'dashed',
                borderColor: 'primary.main',
                borderRadius: 2,
                py: 1.5,
                px: 2,
                mb: 2,
                wordBreak: 'break-all',
                userSelect: 'all',
              }}
            >
              {code}
            </Box>
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copyCode}>
              {t('details.code.copy')}
            </Button>
            <ReportCodeLink offerId={offer.id} brand={brandOf(offer)} tell={tell} />
          </StatePanel>
        ) : null}
        {state === 'referral' ? (
          <StatePanel title={t('details.referral.title')} text={t('details.referral.text')}>
            <Button
              variant="contained"
              endIcon={<LaunchIcon />}
              onClick={openReferral}
              loading={isRedeeming}
              loadingPosition="end"
            >
              {t('details.referral.action')}
            </Button>
          </StatePanel>
        ) : null}
      </Box>

      <Box sx={{ textAlign: 'center' }}>
        <Button variant="outlined" color="secondary" startIcon={<ShareIcon />} onClick={share}>
          {t('details.share')}
        </Button>
      </Box>
      {/* The toast's words, heard inside the modal (see useModalNotice). */}
      <Box role="status" sx={screenReaderOnly}>
        {notice}
      </Box>
    </Stack>
  );
}
