import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export type SubmitButtonProps = ButtonProps & { busy?: boolean; busyLabel: string };

/** A form's submit button: disabled while busy, with the SPEC §4 progress text ('Signing in...', ...). */
export function SubmitButton({ busy, busyLabel, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      {...props}
      disabled={Boolean(busy || disabled)}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : props.startIcon}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
