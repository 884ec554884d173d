import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { FUNNEL_MAX_DAYS } from '@tullab/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastDays, PRESETS, rangeProblem, todayInDubai, type DayRange, type Preset } from '../dates';

export type RangeChoice = Preset | 'custom';

export interface DateRangePickerProps {
  choice: RangeChoice;
  range: DayRange;
  /** called with a valid range only */
  onChange: (choice: RangeChoice, range: DayRange) => void;
}

/**
 * The funnel's days: the last 7, 30 or 90 days, or a custom range (from and to, both included, at most a year),
 * applied as soon as both days make a valid range.
 */
export function DateRangePicker({ choice, range, onChange }: DateRangePickerProps) {
  const { t } = useTranslation('merchant');
  const id = useId();
  const [draft, setDraft] = useState<DayRange>(range);
  const [custom, setCustom] = useState(choice === 'custom');
  const problem = custom ? rangeProblem(draft) : null;
  const today = todayInDubai();

  const pick = (value: RangeChoice | null) => {
    if (value === null) return;
    if (value === 'custom') {
      setCustom(true);
      setDraft(range);
      return;
    }
    setCustom(false);
    onChange(value, lastDays(value));
  };

  const edit = (part: keyof DayRange, value: string) => {
    const next = { ...draft, [part]: value };
    setDraft(next);
    if (!rangeProblem(next)) onChange('custom', next);
  };

  return (
    <Stack spacing={1.5} role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="subtitle2" component="p">
        {t('range.label')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={custom ? 'custom' : choice}
        onChange={(_, value: RangeChoice | null) => pick(value)}
        aria-label={t('range.label')}
        sx={{ flexWrap: 'wrap' }}
      >
        {PRESETS.map((days) => (
          <ToggleButton key={days} value={days} data-testid={`range-preset-${days}`}>
            {t('range.lastDays', { count: days })}
          </ToggleButton>
        ))}
        <ToggleButton value="custom" data-testid="range-preset-custom">
          {t('range.custom')}
        </ToggleButton>
      </ToggleButtonGroup>
      {custom ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="date"
            size="small"
            label={t('range.from')}
            value={draft.from}
            onChange={(event) => edit('from', event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            error={Boolean(problem)}
          />
          <TextField
            type="date"
            size="small"
            label={t('range.to')}
            value={draft.to}
            onChange={(event) => edit('to', event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            error={Boolean(problem)}
          />
        </Stack>
      ) : null}
      {problem ? (
        <Typography role="alert" variant="body2" color="error">
          {t(problem, { max: FUNNEL_MAX_DAYS })}
        </Typography>
      ) : null}
    </Stack>
  );
}
