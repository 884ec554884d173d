import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PoolPreview } from '@tullab/contracts';
import { stubApi } from '@tullab/web-kit/testing/stub-api';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { renderWithProviders } from '../../../testing/render';
import { PoolUpload } from './PoolUpload';

const OFFER = '0b6c1e9a-3f57-4f0e-9d8e-2f1a9c4b7d10';
const PREVIEW = `POST /api/merchant/offers/${OFFER}/pool/preview`;
const IMPORT = `POST /api/merchant/offers/${OFFER}/pool`;

const csv = (text: string) => new File([text], 'codes.csv', { type: 'text/csv' });

const clean: PoolPreview = {
  valid: 3,
  sample: ['BLOOM-001', 'BLOOM-002', 'BLOOM-003'],
  invalid: [],
  duplicates: [],
  codesTotal: 10,
  codesLeft: 2,
};

afterEach(() => {
  jest.restoreAllMocks();
});

async function chooseFile(file: File) {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('CSV file of codes'), file);
  return user;
}

describe('adding codes to the pool (issue 16)', () => {
  test('a clean file: the preview shows its codes, Import sends the same file and shows the codes left', async () => {
    const { sent } = stubApi({
      [PREVIEW]: { body: clean },
      [IMPORT]: { status: 201, body: { added: 3, codesTotal: 13, codesLeft: 5 } },
    });
    renderWithProviders(<PoolUpload offerId={OFFER} />);
    const file = csv('code\nBLOOM-001\nBLOOM-002\nBLOOM-003\n');
    const user = await chooseFile(file);

    const preview = await screen.findByTestId('pool-preview');
    within(preview).getByText(/3 codes ready to import\./);
    within(preview).getByText('BLOOM-002');
    expect(screen.queryByTestId('pool-invalid')).toBeNull();
    const sentFile = (sent(PREVIEW)[0].body as FormData).get('file');
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe('codes.csv');
    expect(sent(IMPORT)).toHaveLength(0);

    const importButton = screen.getByRole('button', { name: 'Import 3 codes' });
    expect((importButton as HTMLButtonElement).disabled).toBe(false);
    await user.click(importButton);

    await waitFor(() =>
      expect(screen.getByTestId('pool-imported').textContent).toBe(
        '3 codes were added. Codes left: 5 of 13.',
      ),
    );
    expect(((sent(IMPORT)[0].body as FormData).get('file') as File).name).toBe('codes.csv');
    expect(screen.queryByTestId('pool-preview')).toBeNull();
    await findToast('Codes Imported');
  });

  test('invalid lines and duplicates are listed, and Import stays disabled', async () => {
    const { sent } = stubApi({
      [PREVIEW]: {
        body: {
          ...clean,
          valid: 2,
          sample: ['BLOOM-001', 'BLOOM-004'],
          invalid: [
            { line: 3, value: 'BAD CODE', message: 'Codes use letters, digits and symbols, without spaces' },
          ],
          duplicates: [{ line: 5, value: 'BLOOM-001' }],
        } satisfies PoolPreview,
      },
    });
    renderWithProviders(<PoolUpload offerId={OFFER} />);
    await chooseFile(csv('BLOOM-001\nBLOOM-004\nBAD CODE\n\nBLOOM-001\n'));

    const invalid = await screen.findByTestId('pool-invalid');
    within(invalid).getByText('1 invalid line');
    within(invalid).getByText('BAD CODE');
    within(invalid).getByText('Codes use letters, digits and symbols, without spaces');
    const duplicates = screen.getByTestId('pool-duplicates');
    within(duplicates).getByText('1 duplicate code');
    expect(within(duplicates).getByText(/Line 5:/)).toBeTruthy();

    const importButton = screen.getByRole('button', { name: 'Import 2 codes' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    screen.getByText('Fix these lines in your file and choose it again: the import adds every code or none.');
    expect(sent(IMPORT)).toHaveLength(0);
  });

  test('a refused file shows the server’s message and no Import button', async () => {
    stubApi({ [PREVIEW]: { status: 400, body: { message: 'The file must be a CSV', code: 'bad_file' } } });
    renderWithProviders(<PoolUpload offerId={OFFER} />);
    await chooseFile(csv('x'));
    expect((await screen.findByTestId('pool-problem')).textContent).toBe('The file must be a CSV');
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  test('a file over the limit is refused before it is sent', async () => {
    const { sent } = stubApi();
    renderWithProviders(<PoolUpload offerId={OFFER} />);
    await chooseFile(csv('A'.repeat(1024 * 1024 + 1)));
    expect((await screen.findByTestId('pool-problem')).textContent).toBe(
      'This file is too large: at most 1,024 KB.',
    );
    expect(sent(PREVIEW)).toHaveLength(0);
  });
});
