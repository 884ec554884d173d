import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ARABIC, SideBySide } from './Bilingual';
import type { GuideStep } from './types';

export interface RedemptionGuideProps {
  steps: GuideStep[];
  terms: string;
  generalInfo?: string | null;
  /** the Arabic guide and terms (issue 12): written right to left, under the console's own headings */
  arabic?: boolean;
}

/** The steps, the terms and the general info as the offer modal's Guide and T&C's tabs have them. */
export function RedemptionGuide({ steps, terms, generalInfo, arabic = false }: RedemptionGuideProps) {
  const language = arabic ? ARABIC : {};
  const text = (title: string, body: string) => (
    <>
      <Typography component="h3" variant="subtitle2">
        {title}
      </Typography>
      <Typography {...language} sx={{ whiteSpace: 'pre-wrap' }}>
        {body}
      </Typography>
    </>
  );
  return (
    <>
      <Box component="ol" {...language} sx={{ m: 0, paddingInlineStart: 3 }}>
        {steps.map((step, index) => (
          <li key={index}>{step.instruction}</li>
        ))}
      </Box>
      {text('Terms and conditions', terms)}
      {generalInfo ? text('General info', generalInfo) : null}
    </>
  );
}

export interface BilingualGuideProps extends Omit<RedemptionGuideProps, 'arabic'> {
  /** the Arabic steps and terms (issue 12); null or empty when there are none */
  stepsAr?: GuideStep[] | null;
  termsAr?: string | null;
}

/** The English guide and terms beside the Arabic ones (students reading Arabic see the English ones without them). */
export function BilingualGuide({ stepsAr, termsAr, ...english }: BilingualGuideProps) {
  const label = (language: string) => (
    <Typography variant="overline" component="p" color="text.secondary">
      {language}
    </Typography>
  );
  return (
    <SideBySide>
      <section aria-label="In English">
        {label('English')}
        <RedemptionGuide {...english} />
      </section>
      <section aria-label="In Arabic">
        {label('Arabic')}
        {stepsAr?.length || termsAr ? (
          <RedemptionGuide steps={stepsAr ?? []} terms={termsAr ?? '–'} arabic />
        ) : (
          <Typography color="text.secondary">None: students reading Arabic see the English ones.</Typography>
        )}
      </section>
    </SideBySide>
  );
}
