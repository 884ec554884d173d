import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { code, composeEmail, say } from './compose';
import { sixDigitCode } from './fields';
import { common, minutes, plural, type Language } from './locale';
import { defineTemplate } from './types';

/** How long a university code is valid (SECURITY S14); verification sets the event's `expiresAt` to match. */
const VALID_FOR_MINUTES = '15';

/** What the mail says; `validFor` is the number of minutes, already in words ("15 minutes", "15 دقيقة"). */
const en = {
  subject: 'Your Tullab student verification code',
  heading: 'Verify your student e-mail',
  preheader: (validFor: string) => `Your code is valid for ${validFor}.`,
  enter: (institution: string) =>
    `Enter this code on Tullab to confirm your student e-mail at ${institution}:`,
  validity: (validFor: string) => `The code is valid for ${validFor} and can be used once.`,
  ignore: 'If you did not ask for this code, you can safely ignore this e-mail.',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: 'رمز التحقق من بريدك الجامعي في Tullab',
    heading: 'أكّد بريدك الجامعي',
    preheader: (validFor) => `رمزك صالح لمدة ${validFor}.`,
    enter: (institution) => `أدخل هذا الرمز في Tullab لتأكيد بريدك الجامعي في ${institution}:`,
    validity: (validFor) => `الرمز صالح لمدة ${validFor}، ويمكن استخدامه مرة واحدة فقط.`,
    ignore: 'إذا لم تطلب هذا الرمز، فيمكنك تجاهل هذه الرسالة بأمان.',
  },
};

/**
 * The code that proves a student reads their university mailbox (SPEC /otp-verification). Verification seals
 * `{ code }` and sets `expiresAt`; a mail that could not leave before then is not sent at all.
 */
export const studentEmailCode = defineTemplate({
  /** no name: the account that asks is not yet proven to be the mailbox's owner (docs/security.md, "No mail relay") */
  data: emailTemplateData['student-email-code'],
  secrets: z.object({ code: sixDigitCode }),
  render({ data, secrets, language }) {
    const t = texts[language];
    const validFor = plural(VALID_FOR_MINUTES, minutes, language);
    return composeEmail({
      language,
      subject: t.subject,
      heading: t.heading,
      preheader: t.preheader(validFor),
      blocks: [
        say(common[language].hello),
        say(t.enter(data.institution)),
        code(secrets.code),
        say(t.validity(validFor), 'font-weight:bold;'),
        say(t.ignore),
        say(common[language].neverShareCode, 'font-size:14px;'),
      ],
    });
  },
});
