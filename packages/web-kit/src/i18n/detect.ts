import {
  DEFAULT_LANGUAGE,
  LANGUAGE_PARAM,
  LANGUAGE_STORAGE_KEY,
  languageOfTag,
  type Language,
} from './languages';

function stored(): Language | null {
  try {
    return languageOfTag(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return null; // storage refused (private mode, blocked cookies)
  }
}

/**
 * The language a page opens in (decision 011): the link's `?lang=`, so a shared link opens as it was shared; else the
 * visitor's earlier choice in this browser; else the first of the browser's languages (what it sends as
 * `Accept-Language`) that Tullab speaks; else English. A signed-in student's account language is applied once the
 * user is known (use-account-language).
 */
export function detectLanguage(): Language {
  const fromLink = languageOfTag(new URLSearchParams(window.location.search).get(LANGUAGE_PARAM));
  if (fromLink) return fromLink;
  const fromBrowser = (navigator.languages ?? [navigator.language]).map(languageOfTag).find(Boolean);
  return stored() ?? fromBrowser ?? DEFAULT_LANGUAGE;
}

/** Keeps a visitor's choice for their next visit. */
export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not kept: the next visit follows the browser's languages again
  }
}
