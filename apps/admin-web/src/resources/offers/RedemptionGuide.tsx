import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GuideStep } from './types';

export interface RedemptionGuideProps {
  steps: GuideStep[];
  terms: string;
  generalInfo?: string | null;
}

/** The steps, the terms and the general info as the offer modal's Guide and T&C's tabs have them. */
export function RedemptionGuide({ steps, terms, generalInfo }: RedemptionGuideProps) {
  const text = (title: string, body: string) => (
    <>
      <Typography component="h3" variant="subtitle2">
        {title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{body}</Typography>
    </>
  );
  return (
    <>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {steps.map((step, index) => (
          <li key={index}>{step.instruction}</li>
        ))}
      </Box>
      {text('Terms and conditions', terms)}
      {generalInfo ? text('General info', generalInfo) : null}
    </>
  );
}
