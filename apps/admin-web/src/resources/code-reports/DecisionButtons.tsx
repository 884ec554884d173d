import { offersAdmin } from '@tullab/contracts/route-table';
import PauseIcon from '@mui/icons-material/Pause';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import RefreshIcon from '@mui/icons-material/Refresh';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { Button, useRecordContext, useRefresh } from 'react-admin';
import { useAction } from '../../hooks/use-action';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import type { CodeReportRecord } from './types';

type Outcome = 'fresh-code' | 'pause-offer' | 'answer';

const MESSAGE_MIN = 3;
const MESSAGE_MAX = 2000;

const decisions: Record<
  Outcome,
  { label: string; icon: ReactElement; title: string; intro: string; success: string }
> = {
  'fresh-code': {
    label: 'Send a fresh code',
    icon: <RefreshIcon />,
    title: 'Send the student a fresh code?',
    intro:
      "The student gets the next code of the offer's pool (a new redemption) and this message by e-mail.",
    success: 'Fresh code sent to the student',
  },
  'pause-offer': {
    label: 'Pause the offer',
    icon: <PauseIcon />,
    title: 'Pause the offer?',
    intro: 'The offer leaves the catalogue for every student. The student receives this message by e-mail.',
    success: 'Offer paused and student answered',
  },
  answer: {
    label: 'Answer',
    icon: <QuestionAnswerIcon />,
    title: 'Answer the student?',
    intro: 'Nothing else changes. The student receives this message by e-mail.',
    success: 'Student answered',
  },
};

/** The three decisions on an open report, each confirmed in a dialog with the message the student is e-mailed. */
export function DecisionButtons() {
  const record = useRecordContext<CodeReportRecord>();
  const dataProvider = useConsoleDataProvider();
  const refresh = useRefresh();
  const { run, isPending } = useAction();
  const id = useId();
  const [asking, setAsking] = useState<Outcome | null>(null);
  const [message, setMessage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  if (!record || record.status !== 'open') return null;

  const trimmed = message.trim();
  const problem =
    trimmed.length < MESSAGE_MIN
      ? 'Please write a message to the student'
      : trimmed.length > MESSAGE_MAX
        ? `The message must be at most ${MESSAGE_MAX} characters`
        : null;

  const open = (outcome: Outcome) => {
    setSubmitted(false);
    setAsking(outcome);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || !asking) return;
    const decision = decisions[asking];
    const answer = await run(
      () =>
        dataProvider.call(
          offersAdmin.decideCodeReport,
          { id: record.id },
          { outcome: asking, message: trimmed },
        ),
      decision.success,
    );
    if (!answer) return;
    setAsking(null);
    setMessage('');
    refresh();
  };

  const shown = asking ? decisions[asking] : null;
  return (
    <span onClick={(event) => event.stopPropagation()}>
      {(Object.keys(decisions) as Outcome[]).map((outcome) => (
        <Button
          key={outcome}
          label={decisions[outcome].label}
          color={outcome === 'pause-offer' ? 'error' : 'primary'}
          disabled={isPending}
          onClick={() => open(outcome)}
        >
          {decisions[outcome].icon}
        </Button>
      ))}
      <Dialog
        open={!!shown}
        onClose={isPending ? undefined : () => setAsking(null)}
        aria-labelledby={`${id}-title`}
        fullWidth
      >
        {shown ? (
          <form onSubmit={submit} noValidate>
            <DialogTitle id={`${id}-title`}>{shown.title}</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 1 }}>{shown.intro}</DialogContentText>
              <TextField
                label="Message to the student"
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                required
                multiline
                minRows={3}
                fullWidth
                margin="normal"
                error={submitted && !!problem}
                helperText={submitted ? problem : null}
                slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
              />
            </DialogContent>
            <DialogActions>
              <MuiButton onClick={() => setAsking(null)} disabled={isPending}>
                Cancel
              </MuiButton>
              <MuiButton type="submit" variant="contained" disabled={isPending}>
                {shown.label}
              </MuiButton>
            </DialogActions>
          </form>
        ) : null}
      </Dialog>
    </span>
  );
}
