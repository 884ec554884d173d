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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import type { Offer } from '../offer';
import { DEFAULT_TERMS, guideOf } from '../default-texts';
import { brandOf } from '../offer-display';
import { BrandLogo } from './BrandLogo';
import { OfferDetails } from './OfferDetails';

export interface OfferModalProps {
  offer: Offer;
  open: boolean;
  onClose: () => void;
  /** after the closing animation: the host can forget the offer */
  onExited?: () => void;
}

type TabName = 'details' | 'guide' | 'terms';

/** The Guide tab: the offer's steps, numbered by their own step number (SPEC §2). */
function OfferGuide({ offer }: { offer: Offer }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {guideOf(offer).map(({ step, instruction }, index) => (
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
          <Typography sx={{ pt: 0.5 }}>{instruction}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The T&C's tab: the offer's own terms as written, else the default terms (SPEC §2). */
function OfferTerms({ offer }: { offer: Offer }) {
  if (offer.termsAndConditions) {
    return <Typography sx={{ whiteSpace: 'pre-line' }}>{offer.termsAndConditions}</Typography>;
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
      {DEFAULT_TERMS.map((term) => (
        <Typography component="li" key={term}>
          {term}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The offer modal (SPEC §2): Details, Guide and T&C's tabs and a Close button. The dialog keeps focus inside
 * while open and gives it back to the card's button when it closes; full screen on phones.
 */
export function OfferModal({ offer, open, onClose, onExited }: OfferModalProps) {
  const [tab, setTab] = useState<TabName>('details');
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
          aria-label="Offer information"
          variant="fullWidth"
          textColor="secondary"
          indicatorColor="primary"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab label="Details" value="details" />
          <Tab label="Guide" value="guide" />
          <Tab label="T&C's" value="terms" />
        </TabList>
        <DialogContent sx={{ minHeight: 320 }}>
          <TabPanel value="details" sx={{ p: 0 }}>
            <OfferDetails offer={offer} />
          </TabPanel>
          <TabPanel value="guide" sx={{ p: 0 }}>
            <OfferGuide offer={offer} />
          </TabPanel>
          <TabPanel value="terms" sx={{ p: 0 }}>
            <OfferTerms offer={offer} />
          </TabPanel>
        </DialogContent>
      </TabContext>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="outlined" color="secondary">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
