import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { COMPANY_NAME, PRIVACY_EMAIL, SUPPORT_EMAIL } from '../../components/company';
import { DocumentTitle } from '@tullab/web-kit/components/DocumentTitle';
import { OfficeAddress } from '../../components/OfficeAddress';
import { DEFAULT_LANGUAGE, intlLocaleOf, languageOfTag } from '@tullab/web-kit/i18n/languages';

/** The catalogue of the legal pages: `page.*` for the layout, `terms.*` and `privacy.*` for the two texts. */
export const LEGAL_NAMESPACE = 'legal';

/** The office's postal address, as a block of a section. */
export const OFFICE_ADDRESS_BLOCK = { address: true } as const;

/**
 * One block of a section, in reading order: a paragraph (the key of its text in the section), a bulleted list (the
 * keys of its items under the section's `items`), or the office's postal address. The structure lives here, the
 * words in the catalogue, so both languages have the same paragraphs, lists and links.
 */
export type LegalBlock = string | { items: readonly string[] } | typeof OFFICE_ADDRESS_BLOCK;

export interface LegalSection {
  /** the section's anchor, e.g. `information-we-collect`, also its key under `<document>.sections` */
  id: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  /** the document's key in the catalogue: its title is `<key>.title`, its sections `<key>.sections.<id>.*` */
  key: 'terms' | 'privacy';
  /** the month the text took effect, `YYYY-MM` */
  effective: string;
  /** the day it was last changed, `YYYY-MM-DD` */
  lastUpdated: string;
  sections: readonly LegalSection[];
}

/**
 * The tags a legal text may use: `<strong>` for a list item's lead-in, links to other pages by name, and the two
 * e-mail addresses written as `<supportEmail/>` and `<privacyEmail/>` (the address comes from company.ts, and stays left
 * to right inside an Arabic sentence).
 */
const RICH_TEXT: Record<string, ReactElement> = {
  strong: <strong />,
  privacyPolicy: <Link component={RouterLink} to={paths.privacyPolicy} />,
  dashboard: <Link component={RouterLink} to={paths.dashboard} />,
  contactForm: <Link component={RouterLink} to={paths.contactUs} />,
  supportEmail: (
    <Link href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
      {SUPPORT_EMAIL}
    </Link>
  ),
  privacyEmail: (
    <Link href={`mailto:${PRIVACY_EMAIL}`} dir="ltr">
      {PRIVACY_EMAIL}
    </Link>
  ),
};

const VALUES = { company: COMPANY_NAME };

/** `YYYY-MM` or `YYYY-MM-DD` as a date at midnight UTC, so the day shown is the day written everywhere. */
function utcDate(iso: string): Date {
  const [year, month, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** A legal text (SPEC §2 /privacy-policy, /terms-of-service): title, dates, contents, numbered sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation(LEGAL_NAMESPACE);
  const locale = intlLocaleOf(languageOfTag(i18n.language) ?? DEFAULT_LANGUAGE);
  const effective = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDate(document.effective));
  const lastUpdated = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDate(document.lastUpdated));
  const title = t(`${document.key}.title`);
  const sectionKey = (section: LegalSection) => `${document.key}.sections.${section.id}`;

  const text = (key: string) => <Trans t={t} i18nKey={key} components={RICH_TEXT} values={VALUES} />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 }, px: { xs: 1.5, sm: 3 } }}>
      <DocumentTitle title={title} />
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '3rem' }, mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('page.effective', { date: effective })}</Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('page.lastUpdated', { date: lastUpdated })}
      </Typography>

      <Paper
        component="nav"
        aria-label={t('page.contents')}
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, mb: 5 }}
      >
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {t('page.contents')}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {document.sections.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`}>{t(`${sectionKey(section)}.heading`)}</Link>
            </li>
          ))}
        </Box>
      </Paper>

      {document.sections.map((section, index) => (
        <Box
          component="section"
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          sx={{
            mb: 5,
            scrollMarginTop: { xs: 72, md: 88 },
            '& p': { mb: 2, lineHeight: 1.7 },
            '& ul': { mt: 0, mb: 2, pl: 3, lineHeight: 1.7 },
            '& li': { mb: 0.75 },
          }}
        >
          <Typography id={`${section.id}-heading`} component="h2" variant="h5" sx={{ mb: 2 }}>
            {t('page.sectionHeading', {
              number: new Intl.NumberFormat(locale).format(index + 1),
              heading: t(`${sectionKey(section)}.heading`),
            })}
          </Typography>
          {section.blocks.map((block, position) =>
            typeof block === 'string' ? (
              <p key={position}>{text(`${sectionKey(section)}.${block}`)}</p>
            ) : 'items' in block ? (
              <ul key={position}>
                {block.items.map((item) => (
                  <li key={item}>{text(`${sectionKey(section)}.items.${item}`)}</li>
                ))}
              </ul>
            ) : (
              <OfficeAddress key={position} />
            ),
          )}
        </Box>
      ))}
    </Container>
  );
}
