import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { composeEmail, say, verifyAgain } from './compose';
import { greeting } from './layout';
import type { Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says. */
const en = {
  subject: 'Your Tullab student verification has expired',
  heading: 'Your verification has expired',
  preheader: 'Verify again to get your student offers back.',
  expired: 'Your student verification has expired, so student offers are locked for now.',
  again:
    'Verify again to get them back. You can use your university e-mail or upload a document; your account and settings stay as they are.',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: 'انتهت صلاحية التحقق من صفتك الطلابية على Tullab',
    heading: 'انتهت صلاحية التحقق',
    preheader: 'أعد التحقق لتستعيد عروض الطلاب.',
    expired: 'انتهت صلاحية التحقق من صفتك الطلابية، لذا أصبحت عروض الطلاب مقفلة في الوقت الحالي.',
    again: 'أعد التحقق لاستعادتها. يمكنك استخدام بريدك الجامعي أو رفع مستند، وسيبقى حسابك وإعداداتك كما هي.',
  },
};

/** A verification has expired (verification's daily sweep): offers are closed until the student verifies again. */
export const verificationExpired = defineTemplate({
  data: emailTemplateData['verification-expired'],
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
        say(t.expired),
        say(t.again),
        verifyAgain(context, language),
      ],
    });
  },
});
