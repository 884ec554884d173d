import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { Button, Form } from 'react-admin';
import type { FieldValues } from 'react-hook-form';

export interface ApproveButtonProps<T extends FieldValues> {
  /** the dialog's title, which also names it for screen readers */
  title: ReactNode;
  /** what the approval does, and any choice it needs */
  children: ReactNode;
  /** while the approval runs: the dialog stays open and its buttons are disabled */
  pending: boolean;
  /** approves (with the form's values, when there is a form); resolves true when it worked, closing the dialog */
  onApprove: (values: Partial<T>) => Promise<boolean>;
  /** puts the content in a react-admin form with these defaults, which Approve submits (and so validates) */
  formDefaults?: Partial<T>;
  fullWidth?: boolean;
}

/**
 * Approve on a record waiting for a decision (a verification, a merchant application, an offer proposal): the button
 * opens a dialog that says what approving does, with Cancel and Approve.
 */
export function ApproveButton<T extends FieldValues = FieldValues>({
  title,
  children,
  pending,
  onApprove,
  formDefaults,
  fullWidth,
}: ApproveButtonProps<T>) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const close = () => setOpen(false);
  const approve = async (values: Partial<T>) => {
    if (await onApprove(values)) close();
  };

  const body = (
    <>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <MuiButton onClick={close} disabled={pending}>
          Cancel
        </MuiButton>
        {formDefaults ? (
          <MuiButton type="submit" variant="contained" disabled={pending}>
            Approve
          </MuiButton>
        ) : (
          <MuiButton variant="contained" onClick={() => void approve({})} disabled={pending}>
            Approve
          </MuiButton>
        )}
      </DialogActions>
    </>
  );

  return (
    <>
      <Button label="Approve" variant="contained" onClick={() => setOpen(true)}>
        <ThumbUpIcon />
      </Button>
      <Dialog
        open={open}
        onClose={pending ? undefined : close}
        aria-labelledby={`${id}-title`}
        fullWidth={fullWidth}
      >
        {formDefaults ? (
          <Form<FieldValues>
            onSubmit={(values: FieldValues) => approve(values as Partial<T>)}
            defaultValues={formDefaults as FieldValues}
          >
            {body}
          </Form>
        ) : (
          body
        )}
      </Dialog>
    </>
  );
}
