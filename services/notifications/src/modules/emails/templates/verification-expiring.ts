import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { composeEmail, say, verifyAgain } from './compose';
import { greeting } from './layout';
import { days, formatDay, plural, type Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; `on` is the day it expires, `inDays` how far away that is, both already in words. */
const en = {
  subject: (inDays: string) => `Your Tullab student verification expires in ${inDays}`,
  heading: 'Your verification expires soon',
  preheader: (on: string) => `Verify again before ${on} to keep your student offers.`,
  expires: (on: string, inDays: string) => `Your student verification expires on ${on} (in ${inDays}).`,
  again:
    'Verify again before then to keep redeeming student offers without a break. ' +
    'You can use your university e-mail or upload a document.',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: (inDays) => `ينتهي التحقق من صفتك الطلابية على Tullab بعد ${inDays}`,
    heading: 'اقترب موعد انتهاء التحقق',
    preheader: (on) => `أعد التحقق قبل ${on} لتحتفظ بعروض الطلاب.`,
    expires: (on, inDays) => `ينتهي التحقق من صفتك الطلابية في ${on} (بعد ${inDays}).`,
    again:
      'أعد التحقق قبل ذلك لتواصل الاستفادة من عروض الطلاب دون انقطاع. ' +
      'يمكنك استخدام بريدك الجامعي أو رفع مستند.',
  },
};

/** The reminder sent 28 and 7 days before a verification expires (decision 002), so access never lapses. */
export const verificationExpiring = defineTemplate({
  /** `expiresOn`: an ISO day (`2027-11-26`), written for the reader; any other value is shown as given */
  data: emailTemplateData['verification-expiring'],
  secrets: z.object({}),
  render({ data, context, language }) {
    const t = texts[language];
    const on = formatDay(data.expiresOn, language);
    const inDays = plural(data.daysLeft, days, language);
    return composeEmail({
      language,
      subject: t.subject(inDays),
      heading: t.heading,
      preheader: t.preheader(on),
      blocks: [
        say(greeting(data.firstName, language)),
        say(t.expires(on, inDays)),
        say(t.again),
        verifyAgain(context, language),
      ],
    });
  },
});
