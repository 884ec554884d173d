import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { stubApi, studentUser } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';
import { MAX_UPLOAD_BYTES } from './schemas';

afterEach(() => jest.restoreAllMocks());

/** The upload itself goes through XMLHttpRequest to the real gateway: the e2e journey covers it. */
async function openPage() {
  stubApi({ 'GET /api/auth/user': { body: { user: studentUser('none') } } });
  renderApp('/document-verification');
  await screen.findByRole('heading', { level: 1, name: 'Upload a Verification Document' });
  return userEvent.setup({ applyAccept: false });
}

const fileOf = (name: string, type: string, size = 1024) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('/document-verification', () => {
  test('the type select offers the five SPEC types by their readable names', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('combobox', { name: /Document Type/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('data-value')])).toEqual([
      ['Student ID Card', 'student_id'],
      ['Enrollment Letter', 'enrollment_letter'],
      ['Passport', 'passport'],
      ['Emirates ID', 'emirates_id'],
      ['Academic Transcript', 'transcript'],
    ]);
  });

  test('nothing filled in: type, institution and file messages', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Upload Document' }));
    await screen.findByText('Please select a document type');
    screen.getByText('Please enter your institution name');
    screen.getByText('No file selected');
  });

  test.each([
    ['notes.txt', 'text/plain', 1024, 'Invalid file type'],
    ['scan.gif', 'image/gif', 1024, 'Invalid file type'],
    ['renamed.pdf', 'application/x-msdownload', 1024, 'Invalid file type'],
    ['big.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1, 'File too large'],
  ])('%s (%s, %i bytes) is refused before upload: "%s"', async (name, type, size, message) => {
    const file = fileOf(name, type, size);
    const user = await openPage();
    await user.upload(screen.getByLabelText('Document file'), file);
    screen.getByText(file.name);
    await screen.findByText(message);
  });

  test.each([
    ['id.jpg', 'image/jpeg', 1024],
    ['id.JPEG', 'image/jpeg', 1024],
    ['id.png', 'image/png', 1024],
    ['id.webp', 'image/webp', 1024],
    ['letter.pdf', 'application/pdf', MAX_UPLOAD_BYTES],
  ])('%s (%s, %i bytes) is accepted', async (name, type, size) => {
    const file = fileOf(name, type, size);
    const user = await openPage();
    await user.upload(screen.getByLabelText('Document file'), file);
    screen.getByText(file.name);
    expect(screen.queryByText('Invalid file type')).toBeNull();
    expect(screen.queryByText('File too large')).toBeNull();
    screen.getByText('JPEG, PNG, WEBP or PDF, up to 5MB');
  });
});

describe('/document-verification in Arabic (issue 12)', () => {
  test('Arabic heading, document types and messages', async () => {
    await i18n.changeLanguage('ar');
    stubApi({ 'GET /api/auth/user': { body: { user: studentUser('none') } } });
    renderApp('/document-verification');
    await screen.findByRole('heading', { level: 1, name: 'ارفع مستنداً لإثبات صفتك كطالب' });
    const user = userEvent.setup({ applyAccept: false });
    screen.getByRole('button', { name: /اختيار ملف/ });
    screen.getByText('لم يتم اختيار أي ملف');
    await user.click(screen.getByRole('button', { name: 'رفع المستند' }));
    await screen.findByText('يرجى اختيار نوع المستند');
    screen.getByText('يرجى إدخال اسم مؤسستك التعليمية');
    screen.getByText('يرجى اختيار ملف');
    await user.click(screen.getByRole('combobox', { name: /نوع المستند/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'البطاقة الجامعية',
      'شهادة قيد دراسي',
      'جواز السفر',
      'بطاقة الهوية الإماراتية',
      'كشف الدرجات الأكاديمي',
    ]);
  });
});
