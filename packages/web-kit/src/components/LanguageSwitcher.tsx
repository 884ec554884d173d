import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useGetUserQuery } from '../api/client';
import { currentLanguage, switchLanguage } from '../i18n/start';
import { useSaveLanguageMutation } from '../account-language';
import { LANGUAGE_PARAM, languageNames, type Language } from '../i18n/languages';

/**
 * Shows the page in the other language (issue 12): named in that language itself ("العربية", "English"), so whoever
 * cannot read the current one finds it. The link's `?lang=` follows, so the address shared is the page as seen; a
 * signed-in user's choice is kept on their account, a visitor's in this browser.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const { data: user } = useGetUserQuery();
  const [saveLanguage] = useSaveLanguageMutation();
  const other: Language = currentLanguage() === 'ar' ? 'en' : 'ar';
  const name = languageNames[other];

  const choose = async () => {
    await switchLanguage(other);
    setParams(
      (params) => {
        params.set(LANGUAGE_PARAM, other);
        return params;
      },
      { replace: true },
    );
    if (user) void saveLanguage(other);
  };

  return (
    <button
      type="button"
      className={className}
      lang={other}
      aria-label={t('languageSwitcher.switchTo', { language: name })}
      onClick={() => void choose()}
    >
      {name}
    </button>
  );
}
