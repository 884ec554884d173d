import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../../testing/render-console';
import { listReply } from '../../testing/stub-api';
import { institutionMessages } from './InstitutionForm';
import type { InstitutionRecord } from './types';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => jest.restoreAllMocks());

const institution: InstitutionRecord = {
  id: '0e6f1b1a-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Zayed University',
  otherNames: ['ZU'],
  emirate: 'Dubai',
  city: 'Dubai',
  status: 'active',
  active: true,
  domains: [{ domain: 'zu.ac.ae', confidence: 'high', kind: 'institution' }],
  createdAt: '2026-01-01T00:00:00.000Z',
};
const ID = institution.id;

describe('institutions', () => {
  test('the list is searched, filtered and sorted on the server', async () => {
    const { sent } = renderConsole('/institutions', {
      'GET /api/admin/institutions': listReply('institutions', [institution]),
    });
    await screen.findByText('zu.ac.ae');
    await userEvent.setup().type(screen.getByPlaceholderText('Name'), 'zayed');
    await waitFor(() =>
      expect(sent('GET /api/admin/institutions').map((r) => r.query.filter)).toContainEqual({ q: 'zayed' }),
    );
    expect(sent('GET /api/admin/institutions')[0].query.sort).toEqual(['name', 'ASC']);
  });

  test('switching an institution off sends the whole record, active included', async () => {
    const { sent } = renderConsole(`/institutions/${ID}`, {
      [`GET /api/admin/institutions/${ID}`]: { body: institution },
      [`PUT /api/admin/institutions/${ID}`]: ({ body }) => ({
        body: { ...institution, ...(body as object) },
      }),
      'GET /api/admin/institutions': listReply('institutions', [institution]),
    });
    const user = userEvent.setup();
    await screen.findByDisplayValue('Zayed University');
    await user.click(screen.getByRole('switch', { name: /active/i }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(`PUT /api/admin/institutions/${ID}`)).toHaveLength(1));
    expect(sent(`PUT /api/admin/institutions/${ID}`)[0].body).toMatchObject({
      name: 'Zayed University',
      otherNames: ['ZU'],
      emirate: 'Dubai',
      city: 'Dubai',
      active: false,
      domains: [{ domain: 'zu.ac.ae', confidence: 'high', kind: 'institution' }],
    });
  });

  test('domains must be host names, each listed once', async () => {
    const { sent } = renderConsole(`/institutions/${ID}`, {
      [`GET /api/admin/institutions/${ID}`]: { body: institution },
    });
    const user = userEvent.setup();
    await screen.findByDisplayValue('zu.ac.ae');
    const domains = screen.getByText('E-mail domains').closest('fieldset') ?? document.body;
    await user.click(within(domains).getByRole('button', { name: 'Add' }));
    const secondDomain = () => within(domains).getAllByLabelText(/^Domain/)[1];
    await fill(user, secondDomain(), 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(institutionMessages.domain);
    await user.clear(secondDomain());
    await fill(user, secondDomain(), 'zu.ac.ae');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(institutionMessages.repeated);
    expect(sent(`PUT /api/admin/institutions/${ID}`)).toHaveLength(0);
  });
});
