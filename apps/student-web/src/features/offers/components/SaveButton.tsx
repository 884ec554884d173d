import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../../app/paths';
import { returnHereState } from '@tullab/web-kit/session/return-to';
import type { OfferSummary } from '../offer';
import { brandOf } from '../offer-display';
import { useSavedOffers, useSetSavedMutation } from '../saved-api';
import './SaveButton.css';

/**
 * The heart of an offer (issue 13 point 3): a toggle button (`aria-pressed`) that saves the offer on the student's
 * account or removes it, named after the brand. A visitor who presses it is asked to sign in and comes back here;
 * staff, who cannot save offers, do not see it. A press never reaches the card around it (which would open the offer).
 */
export function SaveButton({ offer }: { offer: OfferSummary }) {
  const { t } = useTranslation('saved');
  const saved = useSavedOffers();
  const [setSaved] = useSetSavedMutation();
  const navigate = useNavigate();
  const location = useLocation();
  if (!saved.canSave && !saved.isVisitor) return null;
  const isSaved = saved.ids.has(offer.id);
  const brand = brandOf(offer);

  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    if (!saved.userId) {
      notify(t('signIn.title'), t('signIn.text'), 'info');
      void navigate(paths.login, { state: returnHereState(location) });
      return;
    }
    setSaved({ userId: saved.userId, offerId: offer.id, saved: !isSaved })
      .unwrap()
      .catch(() => notify(t('failed.title'), t('failed.text'), 'error'));
  };

  return (
    <button
      type="button"
      className="save-button"
      aria-pressed={isSaved}
      aria-label={t(isSaved ? 'remove' : 'save', { brand })}
      onClick={toggle}
    >
      {isSaved ? <FavoriteIcon aria-hidden /> : <FavoriteBorderIcon aria-hidden />}
    </button>
  );
}
