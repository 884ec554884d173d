import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState } from 'react';
import { useField, useFormState } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../forms/field-error';
import { newStep, type RedemptionStepValue } from './offer-terms';

/** Errors are keyed by dotted path (`discountRedemptionGuide.0.instruction`), both the form's own and the server's. */
const stepKey = (name: string, index: number) => `${name}.${index}.instruction`;

/**
 * The redemption steps (SPEC §3): add and remove, always numbered from 1 in order. A new step gets the focus;
 * a removed one hands it to the step before it, or to 'Add step'. The `arabic` guide (issue 12) is optional, its
 * steps are written right to left, and its controls say they are the Arabic ones.
 */
export function StepsInput({
  name,
  label,
  hint,
  arabic = false,
}: {
  name: string;
  label: string;
  hint: string;
  arabic?: boolean;
}) {
  const { t } = useTranslation('merchants');
  const texts = arabic
    ? { step: 'steps.stepAr', remove: 'steps.removeAr', add: 'steps.addAr' }
    : { step: 'steps.step', remove: 'steps.remove', add: 'steps.add' };
  const id = useId();
  const { input, meta } = useField<RedemptionStepValue[]>(name);
  const { errors, submitErrors, submitFailed } = useFormState({
    subscription: { errors: true, submitErrors: true, submitFailed: true },
  });
  const [blurred, setBlurred] = useState<ReadonlySet<number>>(new Set());
  const [focusTarget, setFocusTarget] = useState<number | 'add' | null>(null);
  const fields = useRef(new Map<number, HTMLTextAreaElement | HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const steps = input.value || [];

  useEffect(() => {
    if (focusTarget === null) return;
    (focusTarget === 'add' ? addButton.current : fields.current.get(focusTarget))?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const update = (next: RedemptionStepValue[]) => input.onChange(next.map((s, i) => ({ ...s, step: i + 1 })));
  const add = () => {
    const step = newStep(steps.length + 1);
    update([...steps, step]);
    setFocusTarget(step.id);
  };
  const remove = (index: number) => {
    update(steps.filter((_, i) => i !== index));
    setFocusTarget(index > 0 ? steps[index - 1].id : steps.length > 1 ? steps[1].id : 'add');
  };
  const stepError = (index: number, id: number): string | undefined => {
    if (!submitFailed && !blurred.has(id)) return undefined;
    const key = stepKey(name, index);
    return (errors?.[key] as string | undefined) ?? (submitErrors?.[key] as string | undefined);
  };
  const listError = fieldError(meta);

  return (
    <Box role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} sx={{ mt: 2 }}>
      <FormLabel id={`${id}-label`} error={Boolean(listError)}>
        {label}
      </FormLabel>
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
        {hint}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {steps.map((step, index) => {
          const error = stepError(index, step.id);
          return (
            <Box component="li" key={step.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <TextField
                label={t(texts.step, { number: index + 1 })}
                value={step.instruction ?? ''}
                onChange={(e) =>
                  update(steps.map((s) => (s.id === step.id ? { ...s, instruction: e.target.value } : s)))
                }
                onBlur={() => setBlurred((set) => new Set(set).add(step.id))}
                inputRef={(element: HTMLInputElement | null) => {
                  if (element) fields.current.set(step.id, element);
                  else fields.current.delete(step.id);
                }}
                error={Boolean(error)}
                helperText={error}
                margin="dense"
                fullWidth
                multiline
                required={!arabic}
                slotProps={arabic ? { htmlInput: { dir: 'rtl', lang: 'ar' } } : undefined}
              />
              <IconButton
                aria-label={t(texts.remove, { number: index + 1 })}
                onClick={() => remove(index)}
                sx={{ mt: 2 }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Button ref={addButton} color="secondary" startIcon={<AddIcon />} onClick={add} sx={{ mt: 1 }}>
        {t(texts.add)}
      </Button>
    </Box>
  );
}
