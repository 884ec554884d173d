import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Suspense, useDeferredValue, useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { serverMessage } from '../../../app/api';
import { onDemand } from '../../../components/on-demand';
import { useGetOffersQuery } from '../api';
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
import type { Offer } from '../offer';
import { useOfferModal } from '../use-offer-modal';
import { OfferCard, OfferCardSkeleton } from './OfferCard';

// Fetched on demand so the home page's first load stays small.
const OfferModal = onDemand(() => import('./OfferModal').then((m) => m.OfferModal));

/** SPEC §2 grid states and §9 layout constants. */
const LOAD_FAILED = 'Failed to load offers. Please try again later.';
const NO_MATCHES = 'No offers found matching your criteria. Try adjusting your search or category filter.';
const SKELETON_CARDS = 6;
/** Cards rendered at a time: a multiple of 1, 2 and 3 columns, so a full page never leaves a gap in a row. */
const PAGE_SIZE = 24;
const CATEGORIES_ANCHOR = 'categories';

const NO_OFFERS: readonly Offer[] = [];

/*
 * The search box and the sort menu are the browser's own input and select, styled like the app's outlined fields:
 * MUI's TextField would bring its whole Select/Menu/Popover machinery into the home page's first load.
 */
const labelSx = { display: 'block', mb: 0.75, fontWeight: 600, fontSize: '0.9rem' } as const;
const fieldSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  px: 1.5,
  height: 48,
  border: 1,
  borderColor: 'rgba(0, 0, 0, 0.35)',
  borderRadius: 1,
  bgcolor: 'background.paper',
  '&:hover': { borderColor: 'text.primary' },
  '&:focus-within': {
    outline: 2,
    outlineStyle: 'solid',
    outlineColor: 'primary.dark',
    borderColor: 'primary.dark',
  },
} as const;
const controlSx = {
  flexGrow: 1,
  minWidth: 0,
  height: '100%',
  border: 0,
  outline: 'none',
  bgcolor: 'transparent',
  font: 'inherit',
  fontSize: '1rem',
  color: 'text.primary',
} as const;

const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** While the modal's code loads (the first time only): a dimmed page with a spinner. */
function ModalLoading() {
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
      <CircularProgress aria-label="Loading offer" sx={{ color: 'common.white' }} />
    </Box>
  );
}

/**
 * The offers of 'Exclusive Student Offers' (SPEC §2/§4): search, sort, category buttons and the card grid. The
 * list is filtered and sorted once per change of the criteria (memoised, with the search deferred so typing stays
 * fluid), and cards are rendered a page at a time, so a catalogue of thousands stays quick.
 */
export function OfferBrowser() {
  const { data: offers, isLoading, error } = useGetOffersQuery();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortOption>(DEFAULT_SORT);
  const [category, setCategory] = useState<CategoryValue>(DEFAULT_CATEGORY);
  const deferredSearch = useDeferredValue(search);
  const { current, openOffer, closeOffer, forgetOffer } = useOfferModal(offers);

  const matching = useMemo(
    () => selectOffers(offers ?? NO_OFFERS, { search: deferredSearch, sort, category }),
    [offers, deferredSearch, sort, category],
  );

  const criteria = `${category}\u0000${sort}\u0000${deferredSearch}`;
  const [paging, setPaging] = useState({ criteria, count: PAGE_SIZE });
  const shownCount = paging.criteria === criteria ? paging.count : PAGE_SIZE;
  const shown = useMemo(() => matching.slice(0, shownCount), [matching, shownCount]);

  // Fetch the modal's code once the page has what it needs, so the first click opens it at once. If that fails,
  // the first click simply fetches it again.
  useEffect(() => {
    if (offers?.length)
      OfferModal.preload().catch((err: unknown) => console.warn('Failed to preload the offer modal', err));
  }, [offers]);

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
          alignItems: 'center',
          mb: 2,
        }}
      >
        <Box>
          <Box component="label" htmlFor="offer-search" sx={labelSx}>
            Search offers
          </Box>
          <Box sx={fieldSx}>
            <SearchIcon aria-hidden sx={{ color: 'text.secondary' }} />
            <Box
              component="input"
              id="offer-search"
              type="search"
              placeholder="Brand, product or keyword"
              value={search}
              onChange={(e: ChangeEvent<HTMLInputElement>) => setSearch(e.target.value)}
              sx={controlSx}
            />
          </Box>
        </Box>
        <Box sx={{ minWidth: { sm: 220 } }}>
          <Box component="label" htmlFor="offer-sort" sx={labelSx}>
            Sort by
          </Box>
          <Box sx={fieldSx}>
            <Box
              component="select"
              id="offer-sort"
              value={sort}
              onChange={(e: ChangeEvent<HTMLSelectElement>) =>
                isSortOption(e.target.value) && setSort(e.target.value)
              }
              sx={{ ...controlSx, cursor: 'pointer' }}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Box>
          </Box>
        </Box>
      </Box>

      <Box
        id={CATEGORIES_ANCHOR}
        role="group"
        aria-label="Categories"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3, scrollMarginTop: 88 }}
      >
        {CATEGORIES.map(({ label, value }) => (
          <Button
            key={value}
            size="small"
            variant={category === value ? 'contained' : 'outlined'}
            color={category === value ? 'primary' : 'inherit'}
            aria-pressed={category === value}
            onClick={() => setCategory(value)}
            sx={{ borderRadius: 999, px: 2 }}
          >
            {label}
          </Button>
        ))}
      </Box>

      {error ? (
        <Box
          role="alert"
          sx={{
            p: 2,
            borderRadius: 1,
            borderLeft: 4,
            borderColor: 'error.main',
            bgcolor: '#FDEDED',
            color: '#5F2120',
          }}
        >
          {serverMessage(error) ?? LOAD_FAILED}
        </Box>
      ) : isLoading ? (
        <Box component="ul" aria-busy="true" aria-label="Loading offers" sx={gridSx}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <li key={i}>
              <OfferCardSkeleton />
            </li>
          ))}
        </Box>
      ) : (
        <>
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {matching.length === 0
              ? NO_MATCHES
              : `Showing ${shown.length.toLocaleString('en-US')} of ${matching.length.toLocaleString('en-US')} offers`}
          </Typography>
          {matching.length > 0 ? (
            <Box component="ul" aria-label="Offers" sx={gridSx}>
              {shown.map((offer) => (
                <li key={offer.id}>
                  <OfferCard offer={offer} onOpen={openOffer} />
                </li>
              ))}
            </Box>
          ) : null}
          {shown.length < matching.length ? (
            <Box sx={{ textAlign: 'center', mt: 4 }}>
              <Button
                variant="outlined"
                color="secondary"
                size="large"
                onClick={() => setPaging({ criteria, count: shownCount + PAGE_SIZE })}
              >
                Show more offers
              </Button>
            </Box>
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
