import { codeReportOutcomes, emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, askSupport, composeEmail, publicUrl, quoted, say } from './compose';
import { greeting } from './layout';
import type { Language } from './locale';
import { defineTemplate } from './types';

/** What staff did about the report (offers' `code_report.outcome`). */
type Outcome = (typeof codeReportOutcomes)[number];

/** What the mail says; `offer` is the offer's title and brand, as the student saw them. */
const en = {
  subject: (brand: string) => `About the ${brand} code you reported`,
  heading: 'We looked into your report',
  preheader: (offer: string) => `Our team answered your report about "${offer}".`,
  thanks: (offer: string) => `Thank you for telling us that the code for "${offer}" did not work.`,
  outcome: {
    'fresh-code':
      'We have given you a new code for this offer. Open the offer on Tullab to see it (your earlier code no longer applies).',
    'offer-paused':
      'We have paused this offer while we check it with the brand, so no other student runs into the same problem.',
    answered: 'Our team has looked into it.',
  } satisfies Record<Outcome, string>,
  wrote: 'Our team wrote:',
  open: 'Open Tullab',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: (brand) => `بخصوص كود ${brand} الذي أبلغت عنه`,
    heading: 'راجعنا بلاغك',
    preheader: (offer) => `ردّ فريقنا على بلاغك بخصوص «${offer}».`,
    thanks: (offer) => `شكراً لإبلاغنا بأن كود العرض «${offer}» لم يعمل.`,
    outcome: {
      'fresh-code': 'منحناك كوداً جديداً لهذا العرض. افتح العرض على Tullab لتراه (لم يعد الكود السابق صالحاً).',
      'offer-paused':
        'أوقفنا هذا العرض مؤقتاً ريثما نتحقق منه مع العلامة التجارية، حتى لا يواجه طلاب آخرون المشكلة نفسها.',
      answered: 'راجع فريقنا بلاغك.',
    },
    wrote: 'وهذا ما كتبه فريقنا:',
    open: 'افتح Tullab',
  },
};

/** Staff decided about a student's "this code didn't work" report (issue 13 point 4): what they did and their words. */
export const codeReportAnswered = defineTemplate({
  data: emailTemplateData['code-report-answered'],
  secrets: z.object({}),
  render({ data, context, language }) {
    const t = texts[language];
    return composeEmail({
      language,
      subject: t.subject(data.brandName),
      heading: t.heading,
      preheader: t.preheader(data.offerTitle),
      blocks: [
        say(greeting(data.firstName, language)),
        say(t.thanks(data.offerTitle)),
        say(t.outcome[data.outcome]),
        say(t.wrote),
        quoted(data.message, language),
        action(t.open, publicUrl(context, '/')),
        askSupport(context, language),
      ],
    });
  },
});
