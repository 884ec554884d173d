import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STUDENT_ID, verification } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import { listReply, staffUser } from '../../testing/stub-api';
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
  deletedAt: null,
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

describe('a student’s data (decision 009)', () => {
  const deletedStudent: StudentRecord = {
    ...student,
    email: `deleted-${STUDENT_ID}@deleted.invalid`,
    firstName: '',
    lastName: '',
    phone: null,
    disabled: true,
    deletedAt: '2026-11-25T09:00:00.000Z',
  };

  test('a deleted account shows as deleted, and takes no disable, enable or end-sessions', async () => {
    renderConsole(`/students/${STUDENT_ID}/show`, {
      ...routes(),
      [`GET /api/admin/students/${STUDENT_ID}`]: { body: deletedStudent },
    });
    expect((await screen.findAllByText('Deleted account')).length).toBeGreaterThan(0);
    await screen.findByText('Deleted');
    expect(screen.queryByRole('button', { name: 'Enable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End sessions' })).toBeNull();
    // staff who are not admins neither download nor delete
    expect(screen.queryByRole('button', { name: 'Download data' })).toBeNull();
  });

  test('an admin downloads the export and deletes the account after confirming', async () => {
    let current: StudentRecord = student;
    const { sent, objectUrls } = renderConsole(
      `/students/${STUDENT_ID}/show`,
      {
        ...routes(),
        [`GET /api/admin/students/${STUDENT_ID}`]: () => ({ body: current }),
        [`GET /api/admin/personal-data/${STUDENT_ID}`]: { body: { userId: STUDENT_ID } },
        [`POST /api/admin/students/${STUDENT_ID}/delete`]: () => {
          current = deletedStudent;
          return { body: current };
        },
      },
      { user: staffUser('admin') },
    );
    const user = userEvent.setup();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Download data' }));
    await screen.findByText('Data export downloaded');
    expect(sent(`GET /api/admin/personal-data/${STUDENT_ID}`)).toHaveLength(1);
    expect(click).toHaveBeenCalledTimes(1);
    expect([...objectUrls.values()]).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    within(dialog).getByText(/erased in every service/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await screen.findByText('Account deleted');
    expect(sent(`POST /api/admin/students/${STUDENT_ID}/delete`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
  });
});
