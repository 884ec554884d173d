import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../../app/paths';
import { returnHereState } from '@tullab/web-kit/session/return-to';
import type { SavedOffers } from '../saved-api';

/**
 * The "Saved" filter beside the categories (issue 13 point 3): a toggle that shows only the student's saved offers.
 * A visitor who presses it is asked to sign in; staff do not see it.
 */
export function SavedFilter({
  saved,
  pressed,
  onToggle,
}: {
  saved: SavedOffers;
  pressed: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('saved');
  const navigate = useNavigate();
  const location = useLocation();
  if (!saved.canSave && !saved.isVisitor) return null;
  const press = () => {
    if (saved.canSave) return onToggle();
    notify(t('signIn.title'), t('signIn.text'), 'info');
    void navigate(paths.login, { state: returnHereState(location) });
  };
  return (
    <div role="group" aria-label={t('filtersLabel')} className="offer-categories">
      <button type="button" className="offer-category" aria-pressed={pressed} onClick={press}>
        {t('filter')}
      </button>
    </div>
  );
}
