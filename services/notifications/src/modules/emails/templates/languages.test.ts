import type { EmailTemplate } from '@tullab/contracts';
import { BRAND_GREEN, escapeHtml } from './layout';
import { common } from './locale';
import { renderEmail } from '.';

const context = { publicUrl: 'https://tullab.ae/', supportEmail: 'support@tullab.ae' };
const INVITATION_TOKEN = 'q3Zk9vXbT0yR7mWc2LpA8sFh5JdN1eUoGi4KtYxBwV6';
const ARABIC_FOOTER = 'Tullab — عروض الطلاب في الإمارات، واحة دبي للسيليكون';

/** The words a reader sees in the HTML: no head, no tags, entities read back. */
function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*<\/head>/, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Latin words left once the brand, addresses and the values the data carried are taken out: English left over. */
function englishLeftIn(text: string, values: string[]): string[] {
  let rest = text.replace(/https?:\/\/\S+/g, ' ').replace(/\S+@\S+/g, ' ');
  for (const value of values) rest = rest.split(value).join(' ');
  return rest.replace(/\bTullab\b/g, ' ').match(/[A-Za-z]{2,}/g) ?? [];
}

/** Every template a student or a merchant receives, with data that is not Arabic (names, brands, a reason). */
const readerTemplates: Array<[EmailTemplate, Record<string, string>, Record<string, string>]> = [
  [
    'saved-offer-ending',
    {
      firstName: 'Omar',
      offerTitle: '30% off sneakers',
      brandName: 'Kicks',
      expiresAt: '2026-11-28T19:59:00.000Z',
      offerId: '0b7d7c1e-1c1a-4b43-9d53-0d0f2a9e1a11',
    },
    {},
  ],
  ['password-reset-code', {}, { code: '042917' }],
  ['password-changed', { changedAt: '2026-11-21T20:30:00Z' }, {}],
  ['student-email-code', { institution: 'Khalifa University' }, { code: '042917' }],
  ['verification-document-received', { documentType: 'student_id' }, {}],
  ['verification-approved', { firstName: 'Omar', expiresOn: '2027-11-26' }, {}],
  ['verification-rejected', { firstName: 'Omar', reason: 'The photo is blurry.' }, {}],
  ['verification-expiring', { firstName: 'Omar', expiresOn: '2027-11-26', daysLeft: '7' }, {}],
  ['verification-expired', { firstName: 'Omar' }, {}],
  ['merchant-application-received', {}, {}],
  ['merchant-application-approved', { contactName: 'Sara Ali', brandName: 'Falafel Co' }, {}],
  [
    'merchant-application-rejected',
    { contactName: 'Sara Ali', brandName: 'Falafel Co', reason: 'The discount code is missing.' },
    {},
  ],
  [
    'code-report-answered',
    {
      firstName: 'Omar',
      offerTitle: '20% off',
      brandName: 'Falafel Co',
      outcome: 'fresh-code',
      message: 'Sorry about that.',
    },
    {},
  ],
  [
    'merchant-invitation',
    { firstName: 'Sara', brandName: 'Falafel Co', expiresHours: '72', invitedBy: 'Omar Saleh' },
    { token: INVITATION_TOKEN },
  ],
  [
    'merchant-invitation',
    { firstName: 'Sara', brandName: 'Falafel Co', expiresHours: '72' },
    { token: INVITATION_TOKEN },
  ],
  [
    'merchant-pool-low',
    { contactName: 'Sara Ali', brandName: 'Falafel Co', offerTitle: '20% off', codesLeft: '4' },
    {},
  ],
  [
    'merchant-pool-low',
    { contactName: 'Sara Ali', brandName: 'Falafel Co', offerTitle: '20% off', codesLeft: '0' },
    {},
  ],
];

describe('a mail to a student or a merchant, in Arabic', () => {
  test.each(readerTemplates)(
    '%s is Arabic throughout, right to left, with the same layout',
    (name, data, secrets) => {
      const email = renderEmail(name, { ...data }, { ...secrets }, context, 'ar');
      const values = [...Object.values(data), ...Object.values(secrets)];

      expect(email.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">\n/);
      // the content says so again, aligned right
      expect(email.html).toMatch(/<table [^>]*lang="ar" dir="rtl" style="[^"]*text-align:right;[^"]*"/);
      expect(email.html).not.toContain('dir="ltr"');
      expect(email.html).toContain(BRAND_GREEN);
      expect(email.html).toContain('>Tullab<');
      expect(email.html).toContain(escapeHtml(ARABIC_FOOTER));
      expect(email.text.endsWith(`\n--\n${ARABIC_FOOTER}\n`)).toBe(true);

      for (const part of [email.subject, email.text, visibleText(email.html)]) {
        expect(part).toMatch(/[\u0600-\u06FF]/);
        expect(englishLeftIn(part, values)).toEqual([]);
      }
      // the subject is the title, and not the English one
      expect(email.html).toContain(`<title>${escapeHtml(email.subject)}</title>`);
      expect(email.subject).not.toBe(renderEmail(name, { ...data }, { ...secrets }, context, 'en').subject);
    },
  );

  test.each(readerTemplates)('%s without a language is the English mail', (name, data, secrets) => {
    const english = renderEmail(name, { ...data }, { ...secrets }, context, 'en');
    expect(renderEmail(name, { ...data }, { ...secrets }, context)).toEqual(english);
    expect(english.html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">\n/);
    expect(english.html).not.toContain('dir="rtl"');
    expect(englishLeftIn(english.text, [])).not.toEqual([]);
    expect(english.text).not.toMatch(/[\u0600-\u06FF]/);
  });
});

describe('mail to staff stays English, whatever the language', () => {
  test.each([
    [
      'contact-message',
      { firstName: 'Sara', lastName: 'Ali', email: 'sara@x.ae', message: 'Hello there' },
      {},
    ],
    ['staff-invitation', { role: 'staff', invitedBy: 'Sara Ali' }, { token: INVITATION_TOKEN }],
    ['staff-second-factor-enrolled', { enrolledAt: '2026-11-21T20:30:00.000Z' }, {}],
    ['staff-second-factor-reset', { resetAt: '2026-11-21T20:30:00.000Z' }, {}],
    ['staff-alert', { title: 'New document to review', message: 'A student uploaded a document.' }, {}],
  ] as const)('%s', (name, data, secrets) => {
    const english = renderEmail(name, { ...data }, { ...secrets }, context, 'en');
    expect(renderEmail(name, { ...data }, { ...secrets }, context, 'ar')).toEqual(english);
    expect(english.html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
  });
});

describe('the same sentences in text and HTML', () => {
  test('password-reset-code: the code, its validity in Arabic minutes, what to do if not asked', () => {
    const email = renderEmail('password-reset-code', {}, { code: '042917' }, context, 'ar');
    expect(email.subject).toBe('رمز إعادة تعيين كلمة المرور لحسابك في Tullab');
    expect(email.html).toMatch(/<h1 [^>]*>إعادة تعيين كلمة المرور<\/h1>/);
    for (const part of [email.text, email.html]) {
      expect(part).toContain(common.ar.hello);
      expect(part).toContain('042917');
      expect(part).toContain('الرمز صالح لمدة 10 دقائق، ويمكن استخدامه مرة واحدة فقط.');
      expect(part).toContain('إذا لم تطلب إعادة تعيين كلمة المرور، فتجاهل هذه الرسالة');
      expect(part).toContain(common.ar.neverShareCode);
    }
    expect(email.text).toContain('أدخل هذا الرمز للمتابعة:\n\n    042917\n');
  });

  test('password-changed: when in UAE time, and what to do if it was not the user, with the links', () => {
    const email = renderEmail('password-changed', { changedAt: '2026-11-21T20:30:00Z' }, {}, context, 'ar');
    expect(email.subject).toBe('تم تغيير كلمة المرور لحسابك في Tullab');
    const done =
      'تم تغيير كلمة المرور لحسابك في Tullab بتاريخ 22 نوفمبر 2026 في 12:30 ص (بتوقيت الإمارات)، ' +
      'وسُجّل خروجك من جميع الأجهزة.';
    expect(email.text).toContain(done);
    expect(email.html).toContain(done);
    expect(email.text).toContain(
      'فبادر الآن إلى إعادة تعيين كلمة المرور عبر https://tullab.ae/forgot-password وتواصل مع فريق الدعم على support@tullab.ae.',
    );
    expect(email.html).toContain(
      '<strong>إذا لم تكن أنت من غيّرها</strong>، فبادر الآن إلى <a href="https://tullab.ae/forgot-password"',
    );
    expect(email.html).toContain(
      '>إعادة تعيين كلمة المرور</a> وتواصل مع فريق الدعم على <a href="mailto:support@tullab.ae"',
    );
  });

  test('verification-document-received: the document code as its Arabic label', () => {
    const email = renderEmail(
      'verification-document-received',
      { documentType: 'emirates_id' },
      {},
      context,
      'ar',
    );
    const thanks = 'شكراً لك على رفع بطاقة الهوية الإماراتية، وقد وصلنا المستند بأمان.';
    expect(email.text).toContain(thanks);
    expect(email.html).toContain(thanks);
    expect(email.text).toContain('تابع حالة التحقق: https://tullab.ae/dashboard');
    expect(email.html).toContain('>تابع حالة التحقق</a>');
  });

  test('verification-approved: the ISO day in Arabic, in the preheader, the text and the HTML', () => {
    const email = renderEmail(
      'verification-approved',
      { firstName: 'عمر', expiresOn: '2027-11-26' },
      {},
      context,
      'ar',
    );
    expect(email.subject).toBe('تم التحقق من صفتك الطلابية على Tullab');
    const verified = 'خبر سار: تم التحقق من صفتك الطلابية، ويبقى التحقق سارياً حتى 26 نوفمبر 2027.';
    expect(email.text).toContain('مرحباً عمر،');
    expect(email.text).toContain(verified);
    expect(email.html).toContain(verified);
    expect(email.html).toContain('صفتك الطلابية موثّقة حتى 26 نوفمبر 2027.</div>');
    expect(email.text).toContain('تصفّح عروض الطلاب: https://tullab.ae/\n');
  });

  test('verification-expiring: the day and the days left in their Arabic forms, in the subject too', () => {
    const render = (daysLeft: string) =>
      renderEmail('verification-expiring', { expiresOn: '2027-11-26', daysLeft }, {}, context, 'ar');
    expect(render('28').subject).toBe('ينتهي التحقق من صفتك الطلابية على Tullab بعد 28 يوماً');
    expect(render('28').text).toContain('ينتهي التحقق من صفتك الطلابية في 26 نوفمبر 2027 (بعد 28 يوماً).');
    expect(render('7').subject).toMatch(/بعد 7 أيام$/);
    expect(render('2').text).toContain('(بعد يومين).');
    expect(render('1').html).toContain('(بعد يوم واحد).');
    expect(render('1').text).toContain('أعد التحقق: https://tullab.ae/student-verification');
  });

  test("verification-rejected: the reviewer's words quoted on the right, in their own direction", () => {
    const reason = 'The photo is blurry.\nPlease show the expiry date.';
    const arabic = renderEmail('verification-rejected', { reason }, {}, context, 'ar');
    expect(arabic.text).toContain(
      'وهذا ما كتبه المراجع:\n\n> The photo is blurry.\n> Please show the expiry date.',
    );
    expect(arabic.html).toMatch(
      /<blockquote dir="auto" style="[^"]*border-right:4px solid #57CC97;[^"]*">The photo is blurry\.<br>Please show/,
    );
    expect(arabic.text).toContain('لديك سؤال؟ راسلنا على support@tullab.ae.');
    const english = renderEmail('verification-rejected', { reason }, {}, context, 'en');
    expect(english.html).toMatch(/<blockquote style="[^"]*border-left:4px solid #57CC97;/);
  });

  test('merchant-application-approved: the brand in the sentence, not in the subject', () => {
    const email = renderEmail(
      'merchant-application-approved',
      { contactName: 'Sara Ali', brandName: 'Falafel Co' },
      {},
      context,
      'ar',
    );
    expect(email.subject).toBe('تمت الموافقة على طلب انضمامك إلى Tullab');
    expect(email.text).toContain('مرحباً Sara Ali،\n\nخبر سار: وافقنا على طلب انضمام Falafel Co.');
    expect(email.html).toContain('href="https://tullab.ae/"');
  });
});

describe('dates and document types from before (labels), and now (ISO days and codes)', () => {
  test('an ISO day gives exactly the English mail its label gave', () => {
    for (const name of ['verification-approved', 'verification-expiring'] as const) {
      const data = { firstName: 'Omar', daysLeft: '28' };
      expect(renderEmail(name, { ...data, expiresOn: '2027-11-21' }, {}, context, 'en')).toEqual(
        renderEmail(name, { ...data, expiresOn: '21 November 2027' }, {}, context),
      );
    }
  });

  test('a document code gives exactly the English mail its label gave', () => {
    expect(
      renderEmail('verification-document-received', { documentType: 'enrollment_letter' }, {}, context, 'en'),
    ).toEqual(
      renderEmail('verification-document-received', { documentType: 'Enrollment letter' }, {}, context),
    );
  });

  test('a label, in an Arabic mail, is shown as given', () => {
    const approved = renderEmail(
      'verification-approved',
      { expiresOn: '21 November 2027' },
      {},
      context,
      'ar',
    );
    expect(approved.text).toContain('حتى 21 November 2027.');
    const received = renderEmail(
      'verification-document-received',
      { documentType: 'Student ID' },
      {},
      context,
      'ar',
    );
    expect(received.text).toContain('شكراً لك على رفع Student ID،');
  });
});
