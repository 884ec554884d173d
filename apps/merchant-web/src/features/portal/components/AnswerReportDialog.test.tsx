import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MerchantCodeReport } from '@tullab/contracts';
import { stubApi } from '@tullab/web-kit/testing/stub-api';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { renderWithProviders } from '../../../testing/render';
import { AnswerReportDialog } from './AnswerReportDialog';
import { fill } from '@tullab/web-kit/testing/fill';

const report: MerchantCodeReport = {
  id: 'r-1',
  offerId: 'o-1',
  offerTitle: '15% off natural skincare',
  reason: 'code-rejected',
  text: 'The checkout said the code is invalid',
  code: 'BLOOM-001',
  status: 'open',
  outcome: null,
  answer: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  decidedAt: null,
};
const ANSWER = 'POST /api/merchant/code-reports/r-1/answer';

afterEach(() => {
  jest.restoreAllMocks();
});

function open(canGiveFreshCode: boolean) {
  const onClose = jest.fn();
  renderWithProviders(
    <AnswerReportDialog report={report} canGiveFreshCode={canGiveFreshCode} onClose={onClose} />,
  );
  return { onClose, user: userEvent.setup() };
}

describe('answering a code report (issue 16)', () => {
  test('names the offer and the reason, and asks for a message before sending', async () => {
    const { sent } = stubApi();
    const { user, onClose } = open(true);
    const dialog = await screen.findByRole('dialog', {
      name: 'Answer the report on "15% off natural skincare"',
    });
    expect(dialog.textContent).toContain('The code was rejected');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await screen.findByText('Please write a message to the student');
    expect(sent(ANSWER)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  test('a pool offer may hand a fresh code with the answer', async () => {
    const { sent } = stubApi({
      [ANSWER]: { body: { ...report, status: 'answered', outcome: 'fresh-code' } },
    });
    const { user, onClose } = open(true);
    await fill(
      user,
      await screen.findByLabelText(/Your message to the student/),
      'Sorry! Here is a new code.',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Give the student a fresh code from the pool' }));
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(ANSWER)[0].body).toEqual({ outcome: 'fresh-code', message: 'Sorry! Here is a new code.' });
    await findToast('Answer Sent');
  });

  test('without a pool there is no fresh code to give: a plain answer', async () => {
    const { sent } = stubApi({ [ANSWER]: { body: { ...report, status: 'answered', outcome: 'answered' } } });
    const { user, onClose } = open(false);
    expect(screen.queryByRole('checkbox')).toBeNull();
    await fill(
      user,
      await screen.findByLabelText(/Your message to the student/),
      'The code works at checkout now.',
    );
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(ANSWER)[0].body).toEqual({ outcome: 'answer', message: 'The code works at checkout now.' });
  });

  test('a refusal keeps the dialog open with the server’s message', async () => {
    stubApi({
      [ANSWER]: { status: 409, body: { message: 'This report was already answered', code: 'conflict' } },
    });
    const { user, onClose } = open(false);
    await fill(user, await screen.findByLabelText(/Your message to the student/), 'Thanks for telling us.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await findToast('This report was already answered');
    expect(onClose).not.toHaveBeenCalled();
  });
});
