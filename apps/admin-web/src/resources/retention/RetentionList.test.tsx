import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../../testing/render-console';
import type { RetentionPolicyRecord, RetentionRun } from './types';

afterEach(() => jest.restoreAllMocks());

const run = (fields: Partial<RetentionRun>): RetentionRun => ({
  id: '3f1e2d3c-4b5a-4968-8776-655443322110',
  policy: 'documents',
  trigger: 'schedule',
  actorId: null,
  days: 30,
  cutoff: '2026-10-21T10:00:00.000Z',
  removed: 0,
  complete: true,
  error: null,
  startedAt: '2026-11-20T06:00:00.000Z',
  finishedAt: '2026-11-20T06:00:01.000Z',
  ...fields,
});

const documents: RetentionPolicyRecord = {
  id: 'documents',
  title: 'Student documents',
  description:
    'The uploaded file is deleted from object storage; the verification, its decision and the audit log stay.',
  days: 30,
  minutes: null,
  since: 'after the decision',
  lastRun: run({}),
  lastRemoval: run({ removed: 12, finishedAt: '2026-11-19T06:00:01.000Z' }),
};
const mailBodies: RetentionPolicyRecord = {
  id: 'mail-bodies',
  title: 'Sent e-mail bodies',
  description: 'What a delivered e-mail said is erased.',
  days: 30,
  minutes: null,
  since: 'after delivery',
  lastRun: run({ policy: 'mail-bodies', removed: 3, complete: false, error: 'connection refused' }),
  lastRemoval: null,
};
const contactMessages: RetentionPolicyRecord = {
  id: 'contact-messages',
  title: 'Contact messages',
  description: 'The message and its sender’s name and address are deleted.',
  days: 180,
  minutes: null,
  since: 'after it was received',
  lastRun: null,
  lastRemoval: null,
};
const webhookDeliveries: RetentionPolicyRecord = {
  id: 'webhook-deliveries',
  title: 'Webhook deliveries',
  description:
    'An event sent to a brand’s webhook is deleted with its log of attempts once it was delivered or failed. Deliveries still being tried stay.',
  days: 30,
  minutes: null,
  since: 'after delivery or the last attempt',
  lastRun: run({ policy: 'webhook-deliveries', removed: 4 }),
  lastRemoval: run({ policy: 'webhook-deliveries', removed: 4 }),
};
const orphanedFiles: RetentionPolicyRecord = {
  id: 'orphaned-files',
  title: 'Orphaned document files',
  description: 'A file in the documents bucket that no verification points at is deleted.',
  days: 0,
  minutes: 60,
  since: 'after it was stored',
  lastRun: run({ policy: 'orphaned-files', days: 0, removed: 1 }),
  lastRemoval: run({ policy: 'orphaned-files', days: 0, removed: 1 }),
};

describe('data retention', () => {
  test('lists each policy with its period, last run and last removal; "Run now" runs one after confirming', async () => {
    let current = documents;
    const { sent } = renderConsole('/retention', {
      'GET /api/admin/retention/documents': () => ({ body: current }),
      'GET /api/admin/retention/orphaned-files': { body: orphanedFiles },
      'GET /api/admin/retention/mail-bodies': { body: mailBodies },
      'GET /api/admin/retention/contact-messages': { body: contactMessages },
      'GET /api/admin/retention/webhook-deliveries': { body: webhookDeliveries },
      'POST /api/admin/retention/documents/run': () => {
        const ran = run({ trigger: 'staff', removed: 2, finishedAt: '2026-11-26T07:00:00.000Z' });
        current = { ...documents, lastRun: ran, lastRemoval: ran };
        return { body: current };
      },
    });
    const user = userEvent.setup();
    const row = (await screen.findByText('Student documents')).closest('tr') as HTMLElement;
    within(row).getByText('30 days after the decision');
    within(row).getByText('0 items removed, scheduled');
    within(row).getByText('12 items removed, scheduled');
    const mail = screen.getByText('Sent e-mail bodies').closest('tr') as HTMLElement;
    within(mail).getByText('Stopped after removing 3: connection refused');
    within(mail).getByText('Nothing removed yet');
    // (the menu has a "Contact messages" item too)
    const contact = screen.getByText('180 days after it was received').closest('tr') as HTMLElement;
    within(contact).getByText('Contact messages');
    within(contact).getByText('Not run yet');
    const webhooks = screen.getByText('Webhook deliveries').closest('tr') as HTMLElement;
    within(webhooks).getByText('30 days after delivery or the last attempt');
    expect(within(webhooks).getAllByText('4 items removed, scheduled')).toHaveLength(2);
    // a period in minutes
    const orphans = screen.getByText('Orphaned document files').closest('tr') as HTMLElement;
    within(orphans).getByText('60 minutes after it was stored');
    expect(within(orphans).getAllByText('1 item removed, scheduled')).toHaveLength(2);

    await user.click(within(row).getByRole('button', { name: 'Run now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run this policy now?' });
    expect(sent('POST /api/admin/retention/documents/run')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Run now' }));
    await screen.findByText('The policy ran');
    expect(sent('POST /api/admin/retention/documents/run')).toHaveLength(1);
    await waitFor(() => expect(within(row).getAllByText('2 items removed, run by staff')).toHaveLength(2));
  });
});
