import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { sitePaths } from '../site-paths';
import { DocumentTitle } from './DocumentTitle';
import { SiteLink } from './SiteLink';

/** The status code the page shows big: a number, the same in every language. */
const NOT_FOUND_STATUS = 404;

/** SPEC §2: every path outside the route table (of either app). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <DocumentTitle title={t('notFound.title')} />
      <Typography
        component="p"
        variant="h1"
        color="primary.dark"
        sx={{ fontSize: { xs: '4rem', md: '6rem' } }}
      >
        {NOT_FOUND_STATUS}
      </Typography>
      <Typography component="h1" variant="h3" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('notFound.text')}
      </Typography>
      <Button component={SiteLink} to={sitePaths.home} variant="contained" size="large">
        {t('notFound.backHome')}
      </Button>
    </Container>
  );
}
