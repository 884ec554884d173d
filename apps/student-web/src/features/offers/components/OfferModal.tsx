import TabContext from '@mui/lab/TabContext';
import TabList from '@mui/lab/TabList';
import TabPanel from '@mui/lab/TabPanel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import english from '../../../i18n/locales/en/offers.json';
import { useGetOfferQuery } from '../api';
import type { Offer, OfferSummary } from '../offer';
import { DEFAULT_GUIDE, DEFAULT_TERMS, guideOf } from '../default-texts';
import { brandOf } from '../offer-display';
import { BrandLogo } from './BrandLogo';
import { OfferDetails } from './OfferDetails';
import { SaveButton } from './SaveButton';

export interface OfferModalProps {
  /** the offer as the catalogue lists it; its texts are asked for as the modal opens (decision 007) */
  offer: OfferSummary;
  open: boolean;
  onClose: () => void;
  /** after the closing animation: the host can forget the offer */
  onExited?: () => void;
}

type TabName = 'details' | 'guide' | 'terms';

/**
 * The Guide tab: the offer's steps, numbered by their own step number (SPEC §2); the default guide's steps in the
 * page's language.
 */
function OfferGuide({ offer }: { offer: Offer }) {
  const { t } = useTranslation('offers');
  const guide = guideOf(offer);
  const textOf = (instruction: string) => (guide === DEFAULT_GUIDE ? t(instruction) : instruction);
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {guide.map(({ step, instruction }, index) => (
        <Box
          component="li"
          key={`${step}-${index}`}
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}
        >
          <Box
            sx={{
              flexShrink: 0,
              width: 32,
              height: 32,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
            }}
          >
            {step}
          </Box>
          <Typography dir="auto" sx={{ pt: 0.5 }}>
            {textOf(instruction)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The message of a failed load of the offer's texts, in English (tests look for it). */
export const DETAILS_FAILED = english.modal.detailsFailed;

/** A tab that shows the offer's texts: a spinner until they have arrived, a message and a retry if they cannot. */
function WithTexts({
  texts,
  children,
}: {
  texts: ReturnType<typeof useGetOfferQuery>;
  children: (offer: Offer) => ReactNode;
}) {
  const { t } = useTranslation('offers');
  if (texts.data) return children(texts.data);
  if (texts.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void texts.refetch()}>
            {t('modal.tryAgain')}
          </Button>
        }
      >
        {t('modal.detailsFailed')}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label={t('modal.loadingDetails')} />
    </Box>
  );
}

/** The T&C's tab: the offer's own terms as written, else the default terms (SPEC §2). */
function OfferTerms({ offer }: { offer: Offer }) {
  const { t } = useTranslation('offers');
  if (offer.termsAndConditions) {
    return (
      <Typography dir="auto" sx={{ whiteSpace: 'pre-line' }}>
        {offer.termsAndConditions}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
      {DEFAULT_TERMS.map((term) => (
        <Typography component="li" key={term}>
          {t(term)}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The offer modal (SPEC §2): Details, Guide and T&C's tabs and a Close button. The dialog keeps focus inside
 * while open and gives it back to the card's button when it closes; full screen on phones. What the catalogue
 * lists shows at once; the guide, the terms, the general information and the website come with the offer's texts.
 */
export function OfferModal({ offer, open, onClose, onExited }: OfferModalProps) {
  const { t } = useTranslation('offers');
  const [tab, setTab] = useState<TabName>('details');
  const texts = useGetOfferQuery(offer.id);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const brand = brandOf(offer);
  const titleId = `offer-modal-${offer.id}-title`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 3 }}>
        <BrandLogo name={brand} src={offer.logoUrl} size={48} />
        {brand}
      </DialogTitle>
      <TabContext value={tab}>
        <TabList
          onChange={(_, value: TabName) => setTab(value)}
          aria-label={t('modal.tabsLabel')}
          variant="fullWidth"
          textColor="secondary"
          indicatorColor="primary"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab label={t('modal.details')} value="details" />
          <Tab label={t('modal.guide')} value="guide" />
          <Tab label={t('modal.terms')} value="terms" />
        </TabList>
        <DialogContent sx={{ minHeight: 320 }}>
          <TabPanel value="details" sx={{ p: 0 }}>
            <OfferDetails offer={offer} texts={texts.data} />
          </TabPanel>
          <TabPanel value="guide" sx={{ p: 0 }}>
            <WithTexts texts={texts}>{(opened) => <OfferGuide offer={opened} />}</WithTexts>
          </TabPanel>
          <TabPanel value="terms" sx={{ p: 0 }}>
            <WithTexts texts={texts}>{(opened) => <OfferTerms offer={opened} />}</WithTexts>
          </TabPanel>
        </DialogContent>
      </TabContext>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <SaveButton offer={offer} />
        <Button onClick={onClose} variant="outlined" color="secondary">
          {t('modal.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
