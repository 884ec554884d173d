import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';

export interface CheckboxInputProps {
  name: string;
  label: ReactNode;
  /** a switch (dashboard preferences) instead of a checkbox (signup) */
  asSwitch?: boolean;
}

/** A labelled checkbox or switch bound to a boolean react-final-form field. */
export function CheckboxInput({ name, label, asSwitch = false }: CheckboxInputProps) {
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  const Control = asSwitch ? Switch : Checkbox;
  return (
    <FormControlLabel
      control={<Control name={input.name} checked={Boolean(input.checked)} onChange={input.onChange} />}
      label={label}
    />
  );
}
