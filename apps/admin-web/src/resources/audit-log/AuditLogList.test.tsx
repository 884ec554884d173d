import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ID_MESSAGE } from '../../components/IdInput';
import { offer } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import { listReply, staffUser } from '../../testing/stub-api';
import type { AuditRecord } from './types';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => jest.restoreAllMocks());

const entry: AuditRecord = {
  id: '5a5b5c5d-6e6f-4a7a-8b8b-9c9d0e0f1a1b',
  action: 'reject',
  resource: 'verifications',
  resourceId: 'c3b2a1d0-1111-4222-8333-944455566677',
  actorId: staffUser().id,
  actorRole: 'staff',
  ip: '10.0.0.7',
  requestId: 'req-9',
  subjectId: null,
  fromStatus: 'pending',
  toStatus: 'rejected',
  reason: 'The document has expired.',
  changes: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('audit log', () => {
  test('lists who decided what, when and why, newest first, linking to the record', async () => {
    const { sent } = renderConsole('/audit-log', {
      'GET /api/admin/audit-log': listReply('audit-log', [entry]),
    });
    await screen.findByText('The document has expired.');
    screen.getByText('Rejected');
    screen.getByText('Pending → Rejected');
    screen.getByText('Staff 2b1f7c3e');
    expect(screen.getByRole('link', { name: 'Verifications c3b2a1d0' }).getAttribute('href')).toContain(
      `/verifications/${entry.resourceId}/show`,
    );
    expect(sent('GET /api/admin/audit-log')[0].query).toMatchObject({
      sort: ['createdAt', 'DESC'],
      filter: {},
    });
  });

  test('an institution edit shows which domains it had and has: the data that decides who proves a student', async () => {
    const domain = (name: string) => ({ domain: name, confidence: 'high', kind: 'institution' });
    const edit: AuditRecord = {
      ...entry,
      action: 'update',
      resource: 'institutions',
      fromStatus: null,
      toStatus: null,
      reason: null,
      changes: { domains: { from: [domain('kcu.ac.ae')], to: [domain('kcu.ac.ae'), domain('kcu.ae')] } },
    };
    renderConsole('/audit-log', { 'GET /api/admin/audit-log': listReply('audit-log', [edit]) });
    await screen.findByText('Edited');
    screen.getByText('Institutions c3b2a1d0');
    screen.getByText(
      'Domains: kcu.ac.ae. high. institution → kcu.ac.ae. high. institution; kcu.ae. high. institution',
    );
  });

  test('an offer edit reads as what changed, from what to what; long values open whole', async () => {
    const terms = `Verified students only. ${'One use each. '.repeat(6)}Ends with the season.`;
    const edit: AuditRecord = {
      ...entry,
      action: 'update',
      resource: 'offers',
      resourceId: offer().id,
      fromStatus: null,
      toStatus: null,
      reason: null,
      changes: {
        title: { from: '20% off', to: '25% off' },
        discountValue: { from: 20, to: 25 },
        code: { from: '(hidden)', to: '(hidden)' },
        expiresAt: { from: null, to: '2030-01-31T20:00:00.000Z' },
        discountRedemptionGuide: {
          from: [{ step: 1, instruction: 'Copy the code' }],
          to: [
            { step: 1, instruction: 'Copy the code' },
            { step: 2, instruction: 'Paste it' },
          ],
        },
        termsAndConditions: { from: 'One use each.', to: terms },
      },
    };
    renderConsole('/offer-audit-log', {
      'GET /api/admin/offer-audit-log': listReply('offer-audit-log', [edit]),
    });
    await screen.findByText('Title: 20% off → 25% off');
    screen.getByText('Edited');
    screen.getByText('Discount value: 20 → 25');
    screen.getByText('Code: (hidden) → (hidden)');
    screen.getByText('Valid until: – → 1 Feb 2030, 00:00');
    screen.getByText('How to redeem: 1. Copy the code → 1. Copy the code; 2. Paste it');
    screen.getByText(`Terms and conditions: One use each. → ${terms.slice(0, 59)}…`);
    expect(screen.queryByText(`Terms and conditions: One use each. → ${terms}`)).toBeNull();
    expect(screen.getByRole('link', { name: 'Offers a0a1a2a3' }).getAttribute('href')).toContain(
      `/offers/${offer().id}/show`,
    );
    await userEvent.setup().click(screen.getByText('Edited'));
    await screen.findByText(`Terms and conditions: One use each. → ${terms}`);
  });

  test('admins see the actor’s name', async () => {
    renderConsole(
      '/identity-audit-log',
      {
        'GET /api/admin/identity-audit-log': listReply('identity-audit-log', [
          { ...entry, action: 'disable', resource: 'students' },
        ]),
        'GET /api/admin/staff': listReply('staff', [
          { id: staffUser().id, firstName: 'Mariam', lastName: 'Haddad' },
        ]),
      },
      { user: staffUser('admin') },
    );
    await screen.findByText('Mariam Haddad');
    screen.getByText('Disabled');
  });

  test('a file the retention policy deleted is shown as done by the system, to admins too', async () => {
    renderConsole(
      '/audit-log',
      {
        'GET /api/admin/audit-log': listReply('audit-log', [
          {
            ...entry,
            action: 'delete-document-file',
            actorId: '00000000-0000-0000-0000-000000000000',
            actorRole: 'system',
            ip: null,
            fromStatus: null,
            toStatus: null,
            reason: 'Retention: 30 days after the decision',
          },
        ]),
        'GET /api/admin/staff': listReply('staff', []),
      },
      { user: staffUser('admin') },
    );
    await screen.findByText('Retention: 30 days after the decision');
    screen.getByText('Deleted the file (retention)');
    screen.getByText('System');
  });

  test('an id filter applies only once the id is whole', async () => {
    const filter = encodeURIComponent(JSON.stringify({ resourceId: entry.resourceId }));
    const { sent } = renderConsole(`/audit-log?filter=${filter}`, {
      'GET /api/admin/audit-log': listReply('audit-log', [entry]),
    });
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Record id');
    await user.clear(field);
    await fill(user, field, 'c3b2a1d0');
    await screen.findByText(ID_MESSAGE);
    await fill(user, field, '-1111-4222-8333-944455566678');
    await waitFor(() =>
      expect(sent('GET /api/admin/audit-log').map((r) => r.query.filter)).toContainEqual({
        resourceId: 'c3b2a1d0-1111-4222-8333-944455566678',
      }),
    );
    expect(sent('GET /api/admin/audit-log').map((r) => r.query.filter)).not.toContainEqual({
      resourceId: 'c3b2a1d0',
    });
  });
});
