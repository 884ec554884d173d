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
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { returnHereState } from '../../auth/return-to';
import { useAuth } from '../../auth/use-auth';
import { detailsStateOf } from '../details-state';
import type { Offer, OfferSummary } from '../offer';
import { brandOf, formatOfferDate } from '../offer-display';
import { useModalNotice } from '../use-modal-notice';
import { OFFER_PARAM } from '../use-offer-modal';
import { useRedemption } from '../use-redemption';
import { useShareOffer } from '../use-share-offer';
import { DiscountBadge } from './DiscountBadge';
import { screenReaderOnly } from './screen-reader-only';

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
  const auth = useAuth();
  const { notice, tell } = useModalNotice();
  const { code, refusal, isRedeeming, redeemCode, copyCode, openReferral } = useRedemption(offer, tell);
  const share = useShareOffer(offer, tell);
  const state = detailsStateOf(auth, offer, refusal);
  const validUntil = formatOfferDate(offer.expiresAt);
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
        <Typography sx={{ fontWeight: 700 }}>{offer.title}</Typography>
        {offer.description ? <Typography color="text.secondary">{offer.description}</Typography> : null}
        {offer.businessDescription ? (
          <Typography color="text.secondary">{offer.businessDescription}</Typography>
        ) : null}
        {texts?.generalInfo ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {texts.generalInfo}
          </Typography>
        ) : null}
        {validUntil ? (
          <Typography variant="body2" color="text.secondary">
            Valid until {validUntil}
          </Typography>
        ) : null}
        {texts?.websiteLink ? (
          <Link href={texts.websiteLink} target="_blank" rel="noopener noreferrer" variant="body2">
            Visit the {brandOf(offer)} website (opens in a new tab)
          </Link>
        ) : null}
      </Stack>

      <Box aria-live="polite">
        {state === 'loading' ? (
          <StatePanel
            icon={<CircularProgress size={28} sx={{ mb: 1 }} aria-hidden />}
            title="Loading..."
            text="Checking your authentication status"
          />
        ) : null}
        {state === 'sign-in' ? (
          <StatePanel
            icon={<LockOutlinedIcon sx={stateIcon} />}
            title="Student Login Required"
            text="Sign in with your student account to redeem this offer."
          >
            <Button component={RouterLink} to={paths.login} state={backToOffer} variant="contained">
              Sign in to continue
            </Button>
          </StatePanel>
        ) : null}
        {state === 'verify' ? (
          <StatePanel
            icon={<VerifiedUserOutlinedIcon sx={stateIcon} />}
            title="Account Verification Required"
            text="You need to verify your student account to redeem discount codes"
          >
            <Button component={RouterLink} to={paths.studentVerification} variant="contained">
              Verify Account
            </Button>
          </StatePanel>
        ) : null}
        {state === 'redeem' && code === null ? (
          <StatePanel title="Redeem Your Discount" text="Your student discount code is one click away.">
            <Button variant="contained" onClick={redeemCode} loading={isRedeeming} loadingPosition="start">
              Redeem discount code
            </Button>
          </StatePanel>
        ) : null}
        {state === 'redeem' && code !== null ? (
          <StatePanel title="Your Discount Code">
            <Box
              component="p"
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
              Copy code
            </Button>
          </StatePanel>
        ) : null}
        {state === 'referral' ? (
          <StatePanel title="Your Offer is Ready" text="Open the brand's special student link in a new tab.">
            <Button
              variant="contained"
              endIcon={<LaunchIcon />}
              onClick={openReferral}
              loading={isRedeeming}
              loadingPosition="end"
            >
              Get Offer
            </Button>
          </StatePanel>
        ) : null}
      </Box>

      <Box sx={{ textAlign: 'center' }}>
        <Button variant="outlined" color="secondary" startIcon={<ShareIcon />} onClick={share}>
          Share this offer
        </Button>
      </Box>
      {/* The toast's words, heard inside the modal (see useModalNotice). */}
      <Box role="status" sx={screenReaderOnly}>
        {notice}
      </Box>
    </Stack>
  );
}
