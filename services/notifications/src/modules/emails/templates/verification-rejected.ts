import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { askSupport, composeEmail, quoted, say, verifyAgain } from './compose';
import { greeting } from './layout';
import type { Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; the reviewer's reason is quoted as they wrote it. */
const en = {
  subject: 'Your Tullab student verification was not approved',
  heading: 'We could not verify your student status',
  preheader: 'Here is why, and how to try again.',
  reviewed: 'We reviewed your verification request but could not approve it. Our reviewer wrote:',
  tryAgain:
    'You can try again at any time: upload a clearer document, or verify with your university e-mail instead.',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: 'لم نتمكن من اعتماد صفتك الطلابية على Tullab',
    heading: 'لم نتمكن من التحقق من صفتك الطلابية',
    preheader: 'إليك السبب، وطريقة المحاولة من جديد.',
    reviewed: 'راجعنا طلب التحقق الخاص بك، لكن لم نتمكن من اعتماده. وهذا ما كتبه المراجع:',
    tryAgain:
      'يمكنك المحاولة من جديد في أي وقت: ارفع مستنداً أوضح، أو تحقّق باستخدام بريدك الجامعي بدلاً من ذلك.',
  },
};

/** Staff could not verify a student: the reviewer's reason, and the two ways to try again. */
export const verificationRejected = defineTemplate({
  data: emailTemplateData['verification-rejected'],
  secrets: z.object({}),
  render({ data, context, language }) {
    const t = texts[language];
    return composeEmail({
      language,
      subject: t.subject,
      heading: t.heading,
      preheader: t.preheader,
      blocks: [
        say(greeting(data.firstName, language)),
        say(t.reviewed),
        quoted(data.reason, language),
        say(t.tryAgain),
        verifyAgain(context, language),
        askSupport(context, language),
      ],
    });
  },
});
