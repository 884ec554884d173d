import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STUDENT_ID, verification } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import { listReply } from '../../testing/stub-api';
import type { StudentRecord } from './types';

afterEach(() => jest.restoreAllMocks());

const student: StudentRecord = {
  id: STUDENT_ID,
  email: 'layla@example.com',
  firstName: 'Layla',
  lastName: 'Hassan',
  phone: '+971501234567',
  verificationStatus: 'pending',
  studentEmail: null,
  verifiedAt: null,
  verificationExpiresAt: null,
  disabled: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  lastSeenAt: '2026-11-20T18:00:00.000Z',
};

function routes() {
  let current = student;
  return {
    [`GET /api/admin/students/${STUDENT_ID}`]: () => ({ body: current }),
    [`POST /api/admin/students/${STUDENT_ID}/disable`]: () => {
      current = { ...current, disabled: true };
      return { body: current };
    },
    [`POST /api/admin/students/${STUDENT_ID}/end-sessions`]: () => ({ body: current }),
    'GET /api/admin/verifications': listReply('verifications', [verification()]),
    'GET /api/admin/identity-audit-log': listReply('identity-audit-log', []),
    'GET /api/admin/redemptions': listReply('redemptions', [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000001',
        offerId: 'a1b2c3d4-0000-4000-8000-000000000002',
        offerTitle: '20% off all orders',
        brandName: 'Sahra Cafe',
        userId: STUDENT_ID,
        code: 'SAHRA20',
        sequence: 1,
        createdAt: '2026-11-19T10:00:00.000Z',
      },
    ]),
    'GET /api/admin/students': listReply('students', [student]),
  };
}

describe('students', () => {
  test('the list is searched by name or e-mail and filtered by verification status on the server', async () => {
    const { sent } = renderConsole('/students', routes());
    await screen.findByText('Layla Hassan');
    await userEvent.setup().type(screen.getByPlaceholderText('Name or e-mail'), 'layla');
    await waitFor(() =>
      expect(sent('GET /api/admin/students').map((r) => r.query.filter)).toContainEqual({ q: 'layla' }),
    );
  });

  test('a student’s page shows the profile, the verification requests, the redemptions and the account history', async () => {
    const { sent } = renderConsole(`/students/${STUDENT_ID}/show`, routes());
    await screen.findByText('+971501234567');
    const requests = (await screen.findByRole('heading', { name: 'Verification requests' })).closest(
      'section',
    )!;
    await within(requests).findByText('Student ID');
    expect(sent('GET /api/admin/verifications')[0].query.filter).toEqual({ userId: STUDENT_ID });
    await screen.findByText('No staff actions on this account.');
    expect(sent('GET /api/admin/identity-audit-log')[0].query.filter).toEqual({ subjectId: STUDENT_ID });
    const redemptions = (await screen.findByRole('heading', { name: 'Redemptions' })).closest('section')!;
    await within(redemptions).findByText('SAHRA20');
    expect(sent('GET /api/admin/redemptions')[0].query.filter).toEqual({ userId: STUDENT_ID });
  });

  test('disabling asks first, then the account shows disabled with Enable', async () => {
    const { sent } = renderConsole(`/students/${STUDENT_ID}/show`, routes());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable this account?' });
    within(dialog).getByText(
      'Layla Hassan can no longer sign in, and every session of the account ends now.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await screen.findByText('Account disabled');
    expect(sent(`POST /api/admin/students/${STUDENT_ID}/disable`)).toHaveLength(1);
    await screen.findByRole('button', { name: 'Enable' });
  });

  test('ending the sessions asks first', async () => {
    const { sent } = renderConsole(`/students/${STUDENT_ID}/show`, routes());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End sessions' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End sessions' }));
    await screen.findByText('Every session of this account has ended');
    expect(sent(`POST /api/admin/students/${STUDENT_ID}/end-sessions`)).toHaveLength(1);
  });
});
