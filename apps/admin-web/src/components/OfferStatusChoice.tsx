import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

/** How an approval creates the offer. */
export type OfferStatus = 'draft' | 'live';

/** The choice, when approving, between creating the offer as a draft to finish first or live at once. */
export function OfferStatusChoice({
  value,
  onChange,
}: {
  value: OfferStatus;
  onChange: (status: OfferStatus) => void;
}) {
  const id = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Create the offer as</FormLabel>
      <RadioGroup
        name={`${id}-status`}
        value={value}
        onChange={(event) => onChange(event.target.value as OfferStatus)}
      >
        <FormControlLabel value="draft" control={<Radio />} label="A draft, to check and publish later" />
        <FormControlLabel value="live" control={<Radio />} label="Live on the home page now" />
      </RadioGroup>
    </FormControl>
  );
}
