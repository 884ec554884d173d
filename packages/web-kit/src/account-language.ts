import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { accounts } from '@tullab/contracts/route-table';
import { api, routeCall, useGetUserQuery } from './api/client';
import { switchLanguage } from './i18n/start';
import { isLanguage, LANGUAGE_PARAM, type Language } from './i18n/languages';

const languageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Keeps a signed-in user's language on their account (issue 12). */
    saveLanguage: build.mutation<void, Language>({
      query: (language) => routeCall(accounts.saveLanguage, { body: { language } }),
    }),
  }),
});

export const { useSaveLanguageMutation } = languageApi;

/**
 * A signed-in student's account language wins over the browser's (decision 011): once the user is known, the page
 * switches to it, unless the link itself names a language (a shared `?lang=` link opens as shared). Runs once per
 * signed-in user.
 */
export function useAccountLanguage(): void {
  const { data: user } = useGetUserQuery();
  const { i18n } = useTranslation();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!user || applied.current === user.id) return;
    applied.current = user.id;
    const linked = new URLSearchParams(window.location.search).has(LANGUAGE_PARAM);
    if (!linked && isLanguage(user.language) && user.language !== i18n.language)
      void switchLanguage(user.language);
  }, [user, i18n]);
}
