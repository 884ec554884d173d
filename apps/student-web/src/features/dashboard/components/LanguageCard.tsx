import Translate from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@tullab/web-kit/components/LanguageSwitcher';
import { currentLanguage } from '@tullab/web-kit/i18n/start';
import { languageNames } from '@tullab/web-kit/i18n/languages';
import { DashboardCard } from './DashboardCard';

/** The switcher dressed as an outlined button, with a focus ring keyboard users see. */
const switcherStyle = {
  '& .language-setting-switch': {
    font: 'inherit',
    fontWeight: 600,
    color: 'secondary.main',
    bgcolor: 'transparent',
    border: 1,
    borderColor: 'secondary.main',
    borderRadius: 1,
    px: 2,
    py: 0.75,
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': {
      outline: 3,
      outlineStyle: 'solid',
      outlineColor: 'secondary.main',
      outlineOffset: 2,
    },
  },
} as const;

/**
 * The Language setting (issue 12): the language the page is shown in, named in itself, and the switcher to the other
 * one, which keeps the choice on the student's account so every device opens in it.
 */
export function LanguageCard() {
  // useTranslation re-renders the card when the language changes
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();

  return (
    <DashboardCard title={t('language.title')} icon={<Translate />} description={t('language.description')}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box component="dl" sx={{ m: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('language.current')}
          </Typography>
          <Typography component="dd" lang={language} sx={{ m: 0, fontWeight: 700 }}>
            {languageNames[language]}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', ...switcherStyle }}>
          <Typography variant="body2" color="text.secondary" aria-hidden="true">
            {t('language.change')}
          </Typography>
          <LanguageSwitcher className="language-setting-switch" />
        </Stack>
      </Stack>
    </DashboardCard>
  );
}
