import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../components/DocumentTitle';

export interface LegalSection {
  /** the section's anchor, e.g. `information-we-collect` */
  id: string;
  heading: string;
  body: ReactNode;
}

export interface LegalDocument {
  title: string;
  effective: string;
  lastUpdated: string;
  sections: readonly LegalSection[];
}

/** A legal text (SPEC §2 /privacy-policy, /terms-of-service): title, dates, contents, numbered sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 }, px: { xs: 1.5, sm: 3 } }}>
      <DocumentTitle title={document.title} />
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '3rem' }, mb: 1 }}>
        {document.title}
      </Typography>
      <Typography color="text.secondary">Effective: {document.effective}</Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Last updated: {document.lastUpdated}
      </Typography>

      <Paper component="nav" aria-label="Contents" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 5 }}>
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          Contents
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {document.sections.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`}>{section.heading}</Link>
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
            {index + 1}. {section.heading}
          </Typography>
          {section.body}
        </Box>
      ))}
    </Container>
  );
}
