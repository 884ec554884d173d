import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { highlight, paragraph, renderLayout, renderText } from './layout';
import { sixDigitCode } from './fields';
import { common, minutes, plural, type Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; `validFor` is the number of minutes, already in words ("10 minutes", "10 دقائق"). */
const en = {
  subject: 'Your Tullab password reset code',
  heading: 'Reset your password',
  preheader: (validFor: string) => `Your code is valid for ${validFor}.`,
  ask: 'We received a request to reset the password of your Tullab account. Enter this code to continue:',
  validity: (validFor: string) => `The code is valid for ${validFor} and can be used once.`,
  ignore: 'If you did not ask to reset your password, ignore this e-mail: your password stays the same.',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: 'رمز إعادة تعيين كلمة المرور لحسابك في Tullab',
    heading: 'إعادة تعيين كلمة المرور',
    preheader: (validFor) => `رمزك صالح لمدة ${validFor}.`,
    ask: 'تلقّينا طلباً لإعادة تعيين كلمة المرور لحسابك في Tullab. أدخل هذا الرمز للمتابعة:',
    validity: (validFor) => `الرمز صالح لمدة ${validFor}، ويمكن استخدامه مرة واحدة فقط.`,
    ignore: 'إذا لم تطلب إعادة تعيين كلمة المرور، فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.',
  },
};

/**
 * The password-reset code (SPEC /forgot-password "Verify Code"). Identity seals `{ code }` and sets `expiresAt`
 * (10 min, SECURITY S14); a mail that could not leave before then is not sent at all.
 */
export const passwordResetCode = defineTemplate({
  /** no name: anyone may register with an address that is not theirs (docs/security.md, "No mail relay") */
  data: emailTemplateData['password-reset-code'],
  secrets: z.object({ code: sixDigitCode }),
  render({ data, secrets, language }) {
    const t = texts[language];
    const validFor = plural(data.validForMinutes ?? '10', minutes, language);
    const lines = {
      hello: common[language].hello,
      ask: t.ask,
      validity: t.validity(validFor),
      ignore: t.ignore,
      never: common[language].neverShareCode,
    };
    return {
      subject: t.subject,
      text: renderText(
        [lines.hello, lines.ask, `    ${secrets.code}`, lines.validity, lines.ignore, lines.never],
        language,
      ),
      html: renderLayout({
        title: t.subject,
        heading: t.heading,
        preheader: t.preheader(validFor),
        body: [
          paragraph(lines.hello),
          paragraph(lines.ask),
          highlight(secrets.code),
          paragraph(lines.validity, 'font-weight:bold;'),
          paragraph(lines.ignore),
          paragraph(lines.never, 'font-size:14px;'),
        ].join('\n'),
        language,
      }),
    };
  },
});
