import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, askSupport, composeEmail, publicUrl, quoted, say } from './compose';
import { greeting } from './layout';
import type { Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; the brand's name is in the body only, the team's reason quoted as written. */
const en = {
  subject: 'An update on your Tullab merchant application',
  heading: 'About your application',
  preheader: 'We could not accept your application as it stands.',
  declined: (brand: string) =>
    `Thank you for applying to bring ${brand} to Tullab. ` +
    'After reviewing it, we cannot accept the application as it stands. Our team wrote:',
  welcome: 'You are welcome to send a new application once these points are addressed.',
  applyAgain: 'Apply again',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: 'مستجدات طلب انضمامك إلى Tullab',
    heading: 'بخصوص طلبك',
    preheader: 'لم نتمكن من قبول طلبك بصيغته الحالية.',
    declined: (brand) =>
      `شكراً لتقديمك طلب انضمام ${brand} إلى Tullab. ` +
      'بعد مراجعة الطلب، لا يمكننا قبوله بصيغته الحالية. وهذا ما كتبه فريقنا:',
    welcome: 'يسعدنا أن تتقدّم بطلب جديد بعد معالجة هذه النقاط.',
    applyAgain: 'قدّم طلباً جديداً',
  },
};

/** Staff declined a brand's application: the reason, and an invitation to apply again from /for-merchants. */
export const merchantApplicationRejected = defineTemplate({
  data: emailTemplateData['merchant-application-rejected'],
  secrets: z.object({}),
  render({ data, context, language }) {
    const t = texts[language];
    return composeEmail({
      language,
      subject: t.subject,
      heading: t.heading,
      preheader: t.preheader,
      blocks: [
        say(greeting(data.contactName, language)),
        say(t.declined(data.brandName)),
        quoted(data.reason, language),
        say(t.welcome),
        action(t.applyAgain, publicUrl(context, '/for-merchants')),
        askSupport(context, language),
      ],
    });
  },
});
