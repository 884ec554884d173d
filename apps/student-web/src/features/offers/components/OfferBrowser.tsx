import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, useDeferredValue, useMemo, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { usePrefetchOffer } from '../api';
import { onDemand } from '@tullab/web-kit/components/on-demand';
import { DEFAULT_LANGUAGE, intlLocaleOf, languageOfTag } from '@tullab/web-kit/i18n/languages';
import {
  CATEGORIES,
  DEFAULT_CATEGORY,
  DEFAULT_SORT,
  isSortOption,
  selectOffers,
  SORT_OPTIONS,
  type CategoryValue,
  type SortOption,
} from '../catalogue';
import type { OfferSummary } from '../offer';
import { useDeferredOffers } from '../use-deferred-offers';
import { useSavedOffers } from '../saved-api';
import { SavedFilter } from './SavedFilter';
import { useOfferModal } from '../use-offer-modal';
import { OfferCard, OfferCardSkeleton } from './OfferCard';
import './OfferBrowser.css';

// Fetched on demand so the home page's first load stays small.
const OfferModal = onDemand(() => import('./OfferModal').then((m) => m.OfferModal));

/**
 * Starts fetching the modal's code when a pointer or the keyboard comes to the offers, and the texts of the offer it
 * comes to (decision 007), so that a click opens the modal at once without either weighing on the home page's load
 * (issue "Fast path"). If that fails, the click simply fetches them again.
 */
function usePreloadOffer() {
  const prefetchOffer = usePrefetchOffer();
  return (event: SyntheticEvent) => {
    OfferModal.preload().catch((err: unknown) => console.warn('Failed to preload the offer modal', err));
    const card = event.target instanceof Element ? event.target.closest('[data-offer-id]') : null;
    const offerId = card?.getAttribute('data-offer-id');
    if (offerId) prefetchOffer(offerId);
  };
}

/** SPEC §2 grid states and §9 layout constants. */
const SKELETON_CARDS = 6;
/** Cards rendered at a time: a multiple of 1, 2 and 3 columns, so a full page never leaves a gap in a row. */
const PAGE_SIZE = 24;
const CATEGORIES_ANCHOR = 'categories';

const NO_OFFERS: readonly OfferSummary[] = [];

/** While the modal's code loads (the first time only): a dimmed page with a spinner. */
function ModalLoading() {
  const { t } = useTranslation('offers');
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (t) => t.zIndex.modal,
        bgcolor: 'rgba(0, 0, 0, 0.5)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <CircularProgress aria-label={t('browser.loadingOffer')} sx={{ color: 'common.white' }} />
    </Box>
  );
}

/**
 * The offers of 'Exclusive Student Offers' (SPEC §2/§4): search, sort, category buttons and the card grid. The
 * list is filtered and sorted once per change of the criteria (memoised, with the search deferred so typing stays
 * fluid), and cards are rendered a page at a time, so a catalogue of thousands stays quick. The search box and the
 * sort menu are the browser's own input and select, and the category buttons plain buttons, styled in
 * OfferBrowser.css like the app's outlined fields and buttons: MUI's TextField would bring its whole
 * Select/Menu/Popover machinery into the home page's first load.
 */
export function OfferBrowser() {
  const { t, i18n } = useTranslation('offers');
  const locale = intlLocaleOf(languageOfTag(i18n.language) ?? DEFAULT_LANGUAGE);
  const { offers, isLoading, error } = useDeferredOffers();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortOption>(DEFAULT_SORT);
  const [category, setCategory] = useState<CategoryValue>(DEFAULT_CATEGORY);
  // issue 13 point 3: the "Saved" filter (the "Expiring soon" sort's texts are in the `saved` namespace)
  const saved = useSavedOffers();
  const [savedOnly, setSavedOnly] = useState(false);
  const savedIds = savedOnly && saved.canSave ? saved.ids : null;
  const deferredSearch = useDeferredValue(search);
  const { current, openOffer, closeOffer, forgetOffer } = useOfferModal(offers);
  const preloadOffer = usePreloadOffer();

  const matching = useMemo(
    () => selectOffers(offers ?? NO_OFFERS, { search: deferredSearch, sort, category, savedIds }),
    [offers, deferredSearch, sort, category, savedIds],
  );

  const criteria = `${category}\u0000${sort}\u0000${deferredSearch}\u0000${savedIds !== null}`;
  const [paging, setPaging] = useState({ criteria, count: PAGE_SIZE });
  const shownCount = paging.criteria === criteria ? paging.count : PAGE_SIZE;
  const shown = useMemo(() => matching.slice(0, shownCount), [matching, shownCount]);

  return (
    <>
      <div className="offer-controls">
        <div>
          <label htmlFor="offer-search" className="offer-control-label">
            {t('browser.searchLabel')}
          </label>
          <div className="offer-control-field">
            <SearchIcon aria-hidden />
            <input
              id="offer-search"
              type="search"
              placeholder={t('browser.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="offer-sort">
          <label htmlFor="offer-sort" className="offer-control-label">
            {t('browser.sortLabel')}
          </label>
          <div className="offer-control-field">
            <select
              id="offer-sort"
              value={sort}
              onChange={(e) => isSortOption(e.target.value) && setSort(e.target.value)}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.value === 'expiring-soon'
                    ? t('sort.expiringSoon', { ns: 'saved' })
                    : t(`sort.${option.value}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div
        id={CATEGORIES_ANCHOR}
        role="group"
        aria-label={t('browser.categoriesLabel')}
        className="offer-categories"
      >
        {CATEGORIES.map(({ value }) => (
          <button
            key={value}
            type="button"
            className="offer-category"
            aria-pressed={category === value}
            onClick={() => setCategory(value)}
          >
            {t(`categories.${value}`)}
          </button>
        ))}
      </div>
      <SavedFilter saved={saved} pressed={savedIds !== null} onToggle={() => setSavedOnly(!savedOnly)} />

      {error ? (
        <div role="alert" className="offer-load-failed">
          {serverMessage(error) ?? t('browser.loadFailed')}
        </div>
      ) : isLoading ? (
        <ul aria-busy="true" aria-label={t('browser.loadingOffers')} className="offer-grid">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <li key={i}>
              <OfferCardSkeleton />
            </li>
          ))}
        </ul>
      ) : (
        <>
          <p role="status" className="offer-count">
            {sort === 'expiring-soon' && matching.length > 0
              ? `${t('expiringSoon', { ns: 'saved' })} `
              : null}
            {matching.length === 0
              ? savedIds
                ? t('noSaved', { ns: 'saved' })
                : sort === 'expiring-soon'
                  ? t('noneExpiring', { ns: 'saved' })
                  : t('browser.noMatches')
              : t('browser.showing', {
                  count: matching.length,
                  shown: shown.length.toLocaleString(locale),
                  total: matching.length.toLocaleString(locale),
                })}
          </p>
          {matching.length > 0 ? (
            <ul
              aria-label={t('browser.offersLabel')}
              className="offer-grid"
              onPointerOver={preloadOffer}
              onFocus={preloadOffer}
            >
              {shown.map((offer) => (
                <li key={offer.id} data-offer-id={offer.id}>
                  <OfferCard offer={offer} onOpen={openOffer} />
                </li>
              ))}
            </ul>
          ) : null}
          {shown.length < matching.length ? (
            <div className="offer-more">
              <Button
                variant="outlined"
                color="secondary"
                size="large"
                onClick={() => setPaging({ criteria, count: shownCount + PAGE_SIZE })}
              >
                {t('browser.showMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}

      {current ? (
        <Suspense fallback={<ModalLoading />}>
          <OfferModal
            key={current.offer.id}
            offer={current.offer}
            open={current.open}
            onClose={closeOffer}
            onExited={forgetOffer}
          />
        </Suspense>
      ) : null}
    </>
  );
}
