import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reasonMessages } from '../../components/ReasonDialog';
import { expectDataProviderErrors } from '../../testing/browser';
import { STUDENT_ID, verification } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import { listReply, type StubRoute } from '../../testing/stub-api';
import { CHOOSE_INSTITUTION } from './ApproveVerificationButton';
import type { VerificationRecord } from './types';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => jest.restoreAllMocks());

const ID = verification().id;
const SHOW = `/verifications/${ID}/show`;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF');
const earlier = verification({
  id: '9d8c7b6a-5f4e-4d3c-8b2a-190817161514',
  method: 'email',
  status: 'rejected',
  studentEmail: 'layla@gmail.com',
  reason: 'This e-mail address does not belong to a UAE institution.',
  createdAt: '2026-11-02T08:30:00.000Z',
});

/**
 * The API around one request. After a decision, `GET` answers the decided request, as the service would.
 */
function reviewRoutes(record: VerificationRecord, extra: Record<string, StubRoute> = {}) {
  let current = record;
  const decided = (status: VerificationRecord['status']) => () => {
    current = { ...current, status, decidedAt: '2026-11-21T09:00:00.000Z' };
    return { body: current };
  };
  return {
    [`GET /api/admin/verifications/${ID}`]: () => ({ body: current }),
    'GET /api/admin/verifications': listReply('verifications', [current, earlier]),
    [`GET /api/admin/verifications/${ID}/document`]: { bytes: { data: PNG, type: 'image/png' } },
    [`POST /api/admin/verifications/${ID}/approve`]: decided('approved'),
    [`POST /api/admin/verifications/${ID}/reject`]: decided('rejected'),
    ...extra,
  };
}

describe('verification show page', () => {
  test('shows an uploaded image inline from a blob: URL of the bytes fetched with the session', async () => {
    const { sent, objectUrls } = renderConsole(SHOW, reviewRoutes(verification()));
    const image = await screen.findByRole('img', { name: 'Student ID uploaded by Layla' });
    const src = image.getAttribute('src') ?? '';
    expect(src).toMatch(/^blob:/);
    const blob = objectUrls.get(src);
    expect(blob?.type).toBe('image/png');
    expect(new Uint8Array(await blob!.arrayBuffer())).toEqual(PNG);
    expect(sent(`GET /api/admin/verifications/${ID}/document`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: /download my-id\.png/i }).getAttribute('href')).toBe(src);
  });

  test('shows a PDF in a frame of its blob: URL', async () => {
    const { objectUrls } = renderConsole(
      SHOW,
      reviewRoutes(
        verification({ documentKind: 'pdf', documentName: 'letter.pdf', documentType: 'enrollment_letter' }),
        {
          [`GET /api/admin/verifications/${ID}/document`]: { bytes: { data: PDF, type: 'application/pdf' } },
        },
      ),
    );
    const frame = await screen.findByTitle('Enrollment letter uploaded by Layla (PDF)');
    expect(frame.tagName).toBe('IFRAME');
    expect(objectUrls.get(frame.getAttribute('src') ?? '')?.type).toBe('application/pdf');
  });

  test('a file the retention policy deleted: the date instead of the viewer, and the file is not asked for', async () => {
    const { sent } = renderConsole(
      SHOW,
      reviewRoutes(
        verification({
          status: 'approved',
          decidedAt: '2026-10-20T09:00:00.000Z',
          documentDeletedAt: '2026-11-20T06:00:00.000Z',
        }),
      ),
    );
    await screen.findByText('File deleted on 20 Nov 2026 (retention)');
    expect(screen.queryByRole('img')).toBeNull();
    expect(sent(`GET /api/admin/verifications/${ID}/document`)).toHaveLength(0);
  });

  test('a document that cannot be fetched shows the server message and can be asked for again', async () => {
    const logged = expectDataProviderErrors();
    let attempts = 0;
    const { sent } = renderConsole(
      SHOW,
      reviewRoutes(verification(), {
        [`GET /api/admin/verifications/${ID}/document`]: () =>
          ++attempts === 1
            ? { status: 503, body: { message: 'Document storage is unavailable, please try again later' } }
            : { bytes: { data: PNG, type: 'image/png' } },
      }),
    );
    await screen.findByText('Document storage is unavailable, please try again later');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('img', { name: 'Student ID uploaded by Layla' });
    expect(sent(`GET /api/admin/verifications/${ID}/document`)).toHaveLength(2);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 503 }));
  });

  test('shows the history of the student’s requests, asked for by user id', async () => {
    const { sent } = renderConsole(SHOW, reviewRoutes(verification()));
    const history = (await screen.findByRole('heading', { name: 'This student’s requests' })).closest(
      'section',
    )!;
    await within(history).findByText('layla@gmail.com');
    within(history).getByText('This e-mail address does not belong to a UAE institution.');
    const query = sent('GET /api/admin/verifications').find(
      (r) => (r.query.filter as { userId?: string }).userId,
    );
    expect(query?.query).toMatchObject({ filter: { userId: STUDENT_ID }, sort: ['createdAt', 'DESC'] });
    const account = screen.getByRole('link', { name: 'Open the student’s account' });
    expect(account.getAttribute('href')).toContain(`/students/${STUDENT_ID}/show`);
  });

  test('approving a document request sends no body and the buttons go once it is decided', async () => {
    const { sent } = renderConsole(SHOW, reviewRoutes(verification()));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this verification?' });
    expect(within(dialog).queryByLabelText(/also add/i)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Verification approved');
    expect(sent(`POST /api/admin/verifications/${ID}/approve`)).toHaveLength(1);
    expect(sent(`POST /api/admin/verifications/${ID}/approve`)[0].body).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull());
    expect(screen.getAllByText('Approved').length).toBeGreaterThan(0);
  });

  test('an unrecognised e-mail can be approved together with adding its domain to a chosen institution', async () => {
    const emailRequest = verification({
      method: 'email',
      studentEmail: 'layla@students.newuni.ac.ae',
      emailDomain: 'students.newuni.ac.ae',
      institutionName: null,
      documentType: null,
      hasDocument: false,
    });
    const institution = {
      id: '0e6f1b1a-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
      name: 'New University of Sharjah',
      domains: [],
    };
    const { sent } = renderConsole(
      SHOW,
      reviewRoutes(emailRequest, { 'GET /api/admin/institutions': listReply('institutions', [institution]) }),
    );
    const user = userEvent.setup();
    await screen.findByText('layla@students.newuni.ac.ae');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this verification?' });
    await user.click(within(dialog).getByLabelText('Also add students.newuni.ac.ae to an institution'));

    // Checked without an institution: asked to choose one, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await within(dialog).findByText(CHOOSE_INSTITUTION);
    expect(sent(`POST /api/admin/verifications/${ID}/approve`)).toHaveLength(0);

    await fill(user, within(dialog).getByRole('combobox', { name: /institution/i }), 'New Uni');
    // the institutions are searched on the server (there are over a hundred)
    await waitFor(() =>
      expect(sent('GET /api/admin/institutions').map((r) => r.query.filter)).toContainEqual({ q: 'New Uni' }),
    );
    await user.click(await screen.findByRole('option', { name: 'New University of Sharjah' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Verification approved');
    expect(sent(`POST /api/admin/verifications/${ID}/approve`)[0].body).toEqual({
      addDomainToInstitutionId: institution.id,
    });
  });

  test('rejecting sends the chosen reason followed by the details', async () => {
    const { sent } = renderConsole(SHOW, reviewRoutes(verification()));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject with a reason' });
    within(dialog).getByText('The student receives this reason by e-mail.');

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(reasonMessages.choose);

    await user.click(within(dialog).getByLabelText('The document is unreadable or incomplete.'));
    await user.click(within(dialog).getByLabelText('Details (optional)'));
    await user.paste('Please upload a sharper photo.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Verification rejected');
    expect(sent(`POST /api/admin/verifications/${ID}/reject`)[0].body).toEqual({
      reason: 'The document is unreadable or incomplete. Please upload a sharper photo.',
    });
  });

  test('"Other reason" needs the reason written out', async () => {
    const { sent } = renderConsole(SHOW, reviewRoutes(verification()));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject with a reason' });
    await user.click(within(dialog).getByLabelText('Other reason'));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(reasonMessages.describe);
    await user.click(within(dialog).getByRole('textbox', { name: /reason/i }));
    await user.paste('Your account name differs from the ID.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Verification rejected');
    expect(sent(`POST /api/admin/verifications/${ID}/reject`)[0].body).toEqual({
      reason: 'Your account name differs from the ID.',
    });
  });

  test('a request decided meanwhile: the server’s 409 message is shown', async () => {
    const logged = expectDataProviderErrors();
    renderConsole(
      SHOW,
      reviewRoutes(verification(), {
        [`POST /api/admin/verifications/${ID}/approve`]: {
          status: 409,
          body: { message: 'This verification was already reviewed' },
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('This verification was already reviewed');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 409 }));
  });

  test('a decided request has no decision buttons and shows its reason', async () => {
    renderConsole(
      SHOW,
      reviewRoutes(verification({ status: 'rejected', reason: 'The document has expired.' })),
    );
    await screen.findAllByText('The document has expired.');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
