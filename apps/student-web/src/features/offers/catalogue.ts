import type { OfferCategory } from '@tullab/contracts';
import { offerCategoryLabels } from '@tullab/ui';
import { originalOf } from './localised';
import type { OfferSummary } from './offer';

/** SPEC §3 "Categories": label and filter value. 'Retail' is capitalised on purpose: it is matched as is. */
export const CATEGORIES = [
  { label: 'All categories', value: 'all' } as const,
  ...(Object.entries(offerCategoryLabels) as [OfferCategory, string][]).map(([value, label]) => ({
    label,
    value,
  })),
];

export type CategoryValue = (typeof CATEGORIES)[number]['value'];

/** SPEC §3 "Sort options", with the labels the sort dropdown shows. */
export const SORT_OPTIONS = [
  { value: 'most-popular', label: 'Most popular' },
  { value: 'highest-discount', label: 'Highest discount' },
  { value: 'lowest-discount', label: 'Lowest discount' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'name-az', label: 'Brand name (A–Z)' },
  { value: 'name-za', label: 'Brand name (Z–A)' },
  /** issue 13 point 3: only the offers ending within EXPIRING_SOON_DAYS, soonest first (label: `saved` texts) */
  { value: 'expiring-soon', label: 'Expiring soon' },
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
export function discountWeight(offer: Pick<OfferSummary, 'discountType' | 'discountValue'>): number {
  const value = offer.discountValue ?? 0;
  return offer.discountType === 'percentage' ? value * PERCENTAGE_WEIGHT : value;
}

const SEARCHED_FIELDS = [
  'title',
  'description',
  'businessDescription',
  'brandName',
  'businessName',
  'titleAr',
  'descriptionAr',
] as const;
/** Between the searched fields in an offer's search text: no search typed in a box contains it. */
const FIELD_SEPARATOR = '\u0000';

/**
 * What Arabic spelling leaves to the writer: the harakat (U+064B–U+0652), the combining maddah and hamzas
 * (U+0653–U+0655, how a decomposed أ إ آ ؤ ئ is written), the superscript alef (U+0670) and the tatweel (U+0640).
 */
const ARABIC_MARKS = /[\u064B-\u0655\u0670\u0640]/g;
/** Letters written in several ways, each as its plainest form. */
const ARABIC_LETTERS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ى: 'ي',
  ة: 'ه',
  ؤ: 'و',
  ئ: 'ي',
};
const ARABIC_LETTER_FORMS = /[أإآٱىةؤئ]/g;
/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits. */
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * A text as the search compares it (issue 12): in lower case, without Arabic diacritics and tatweel, with one form
 * of each of alef (أ إ آ ٱ → ا), yeh (ى ئ → ي), heh (ة → ه) and waw (ؤ → و), and Latin digits for Arabic-Indic ones.
 * English text only changes case. A search for "مطعم" then finds "مطعمٌ", "الاسعار" "الأسعار", "جامعة" "جامعه", "٢٠" "20".
 */
export function searchable(text: string): string {
  return text
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(ARABIC_LETTER_FORMS, (letter) => ARABIC_LETTERS[letter])
    .replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) - (digit < '\u06F0' ? 0x0660 : 0x06f0)));
}

interface OfferFilter {
  category: string;
  search: string;
  /** issue 13 point 3, the "Saved" filter: only these offers; every offer when absent */
  savedIds?: ReadonlySet<string> | null;
  /** the time "Expiring soon" counts from (ms); now when absent */
  now?: number;
}

/** "Expiring soon" (issue 13 point 3): an offer ending within this many days. */
export const EXPIRING_SOON_DAYS = 7;
const DAY_MS = 24 * 3600_000;

/** Whether the offer ends, but has not ended, within EXPIRING_SOON_DAYS of `now`. */
export function isExpiringSoon(offer: Pick<OfferSummary, 'expiresAt'>, now = Date.now()): boolean {
  const ends = offer.expiresAt ? Date.parse(offer.expiresAt) : NaN;
  return ends > now && ends <= now + EXPIRING_SOON_DAYS * DAY_MS;
}

/** When an offer ends, for the "Expiring soon" order: one without an end comes last. */
const endOf = (offer: OfferSummary) => {
  const t = offer.expiresAt ? Date.parse(offer.expiresAt) : NaN;
  return Number.isNaN(t) ? Infinity : t;
};

const time = (iso: string | null) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

const names = new Intl.Collator();

const compareBy: Record<SortOption, (a: OfferSummary, b: OfferSummary) => number> = {
  'highest-discount': (a, b) => discountWeight(b) - discountWeight(a),
  'lowest-discount': (a, b) => discountWeight(a) - discountWeight(b),
  newest: (a, b) => time(b.createdAt) - time(a.createdAt),
  oldest: (a, b) => time(a.createdAt) - time(b.createdAt),
  'name-az': (a, b) => names.compare(a.brandName, b.brandName),
  'name-za': (a, b) => names.compare(b.brandName, a.brandName),
  'most-popular': (a, b) => b.currentUses - a.currentUses,
  'expiring-soon': (a, b) => (endOf(a) === endOf(b) ? 0 : endOf(a) < endOf(b) ? -1 : 1),
};

/**
 * What a catalogue is searched and sorted by, worked out once per catalogue (issue "Fast path", point 6): each
 * offer's searched fields, English and Arabic whatever the language it is shown in, made {@link searchable}, and each
 * sort order as soon as it is first chosen. A keystroke then costs one pass over the catalogue in the chosen order.
 */
class CatalogueIndex {
  private readonly texts = new Map<OfferSummary, string>();
  private readonly orders = new Map<SortOption, OfferSummary[]>();

  constructor(private readonly offers: readonly OfferSummary[]) {
    for (const offer of offers) {
      const sent = originalOf(offer);
      const fields = SEARCHED_FIELDS.map((field) => sent[field] ?? '');
      this.texts.set(offer, searchable(fields.join(FIELD_SEPARATOR)));
    }
  }

  /** The catalogue in `sort` order; offers that tie keep the server's order (the sort is stable). */
  ordered(sort: SortOption): OfferSummary[] {
    let order = this.orders.get(sort);
    if (!order) this.orders.set(sort, (order = [...this.offers].sort(compareBy[sort])));
    return order;
  }

  /** Whether one of the offer's searched fields contains `needle` ({@link searchable}, without the separator). */
  matches(offer: OfferSummary, needle: string): boolean {
    return this.texts.get(offer)?.includes(needle) ?? false;
  }
}

const indexes = new WeakMap<readonly OfferSummary[], CatalogueIndex>();

function indexOf(offers: readonly OfferSummary[]): CatalogueIndex {
  let index = indexes.get(offers);
  if (!index) indexes.set(offers, (index = new CatalogueIndex(offers)));
  return index;
}

/**
 * What the grid shows (SPEC §4 "Filtering and sorting"): the offers whose businessCategory equals the category
 * (unless it is 'all') and whose title, description, businessDescription, brandName or businessName, or Arabic title
 * or description, contains the search text, whatever the case and the Arabic spelling ({@link searchable}; spaces
 * around it are ignored, so an empty box matches everything), in the chosen order; offers that tie keep the server's
 * order. Issue 13 point 3: only the saved ones when `savedIds` is given, and with "Expiring soon" only the offers
 * ending within EXPIRING_SOON_DAYS. A new array; `offers` is not changed.
 */
export function selectOffers(
  offers: readonly OfferSummary[],
  { category, search, sort, savedIds, now = Date.now() }: OfferFilter & { sort: SortOption },
): OfferSummary[] {
  const needle = searchable(search.trim());
  if (needle.includes(FIELD_SEPARATOR)) return [];
  const index = indexOf(offers);
  return index
    .ordered(sort)
    .filter(
      (offer) =>
        (category === 'all' || offer.businessCategory === category) &&
        (!savedIds || savedIds.has(offer.id)) &&
        (sort !== 'expiring-soon' || isExpiringSoon(offer, now)) &&
        (needle === '' || index.matches(offer, needle)),
    );
}

export const isSortOption = (value: string): value is SortOption =>
  SORT_OPTIONS.some((o) => o.value === value);
