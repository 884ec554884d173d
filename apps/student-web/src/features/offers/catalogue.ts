import type { Offer } from './offer';

/** SPEC §3 "Categories": label and filter value. 'Retail' is capitalised on purpose: it is matched as is. */
export const CATEGORIES = [
  { label: 'All categories', value: 'all' },
  { label: 'Subscriptions', value: 'subscriptions' },
  { label: 'Retail', value: 'Retail' },
  { label: 'Electronics', value: 'electronics' },
  { label: 'Fashion', value: 'fashion' },
  { label: 'Beauty', value: 'beauty' },
  { label: 'Entertainment', value: 'entertainment' },
  { label: 'Services', value: 'services' },
  { label: 'Other', value: 'other' },
] as const;

export type CategoryValue = (typeof CATEGORIES)[number]['value'];

/** The categories an offer (or a merchant application) can belong to: every one but 'all'. */
export const OFFER_CATEGORIES = CATEGORIES.filter((c) => c.value !== 'all');

/** SPEC §3 "Sort options", with the labels the sort dropdown shows. */
export const SORT_OPTIONS = [
  { value: 'most-popular', label: 'Most popular' },
  { value: 'highest-discount', label: 'Highest discount' },
  { value: 'lowest-discount', label: 'Lowest discount' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'name-az', label: 'Brand name (A–Z)' },
  { value: 'name-za', label: 'Brand name (Z–A)' },
] as const;

export type SortOption = (typeof SORT_OPTIONS)[number]['value'];

/** SPEC §4 / §9 defaults. */
export const DEFAULT_SORT: SortOption = 'most-popular';
export const DEFAULT_CATEGORY: CategoryValue = 'all';

/** SPEC §9: a percentage discount weighs ten times a fixed one when sorting by discount. */
const PERCENTAGE_WEIGHT = 10;

export function categoryLabel(value: string | null): string | null {
  if (!value) return null;
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** The numeric value used by the discount sorts; a missing value counts as 0. */
export function discountWeight(offer: Pick<Offer, 'discountType' | 'discountValue'>): number {
  const value = offer.discountValue ?? 0;
  return offer.discountType === 'percentage' ? value * PERCENTAGE_WEIGHT : value;
}

const SEARCHED_FIELDS = ['title', 'description', 'businessDescription', 'brandName', 'businessName'] as const;

interface OfferFilter {
  category: string;
  search: string;
}

/**
 * SPEC §4 "Filtering and sorting": a category other than 'all' must equal the offer's businessCategory; the search
 * is a case-insensitive substring of title, description, businessDescription, brandName or businessName. Spaces
 * around the search text are ignored, so an empty box matches everything.
 */
export function filterOffers(offers: readonly Offer[], { category, search }: OfferFilter): Offer[] {
  const needle = search.trim().toLowerCase();
  return offers.filter(
    (offer) =>
      (category === 'all' || offer.businessCategory === category) &&
      (needle === '' || SEARCHED_FIELDS.some((field) => offer[field]?.toLowerCase().includes(needle))),
  );
}

const time = (iso: string | null) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

const compareBy: Record<SortOption, (a: Offer, b: Offer) => number> = {
  'highest-discount': (a, b) => discountWeight(b) - discountWeight(a),
  'lowest-discount': (a, b) => discountWeight(a) - discountWeight(b),
  newest: (a, b) => time(b.createdAt) - time(a.createdAt),
  oldest: (a, b) => time(a.createdAt) - time(b.createdAt),
  'name-az': (a, b) => a.brandName.localeCompare(b.brandName),
  'name-za': (a, b) => b.brandName.localeCompare(a.brandName),
  'most-popular': (a, b) => b.currentUses - a.currentUses,
};

/** SPEC §4: a new array in the chosen order; offers that tie keep the server's order. */
export function sortOffers(offers: readonly Offer[], sort: SortOption): Offer[] {
  return [...offers].sort(compareBy[sort]);
}

/** What the grid shows: the offers that match, in the chosen order. */
export function selectOffers(offers: readonly Offer[], filter: OfferFilter & { sort: SortOption }): Offer[] {
  return sortOffers(filterOffers(offers, filter), filter.sort);
}

export const isSortOption = (value: string): value is SortOption =>
  SORT_OPTIONS.some((o) => o.value === value);
