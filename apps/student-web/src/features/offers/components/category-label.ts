import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '../catalogue';

const KNOWN = new Set<string>(CATEGORIES.map((category) => category.value));

/**
 * A category's name in the page's language (`categories.<value>` in the `offers` catalogue, SPEC §3 "Categories"); a
 * category the catalogue does not know shows as the offer gives it, and none as null.
 */
export function useCategoryLabel(): (value: string | null) => string | null {
  const { t } = useTranslation('offers');
  return useCallback(
    (value: string | null) => {
      if (!value) return null;
      return KNOWN.has(value) ? t(`categories.${value}`) : value;
    },
    [t],
  );
}
