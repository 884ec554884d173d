import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, composeEmail, publicUrl, say } from './compose';
import { greeting } from './layout';
import { formatDay, type Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; `until` is the day the verification ends, written for the reader. */
const en = {
  subject: 'Your Tullab student status is verified',
  heading: 'You are verified!',
  preheader: (until: string) => `Your student status is verified until ${until}.`,
  verified: (until: string) => `Good news: your student status is verified until ${until}.`,
  offers:
    'You can now redeem every student offer on Tullab: discount codes and referral links from our partner brands.',
  browse: 'Browse student offers',
  reminder: 'We will remind you before your verification expires.',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: 'تم التحقق من صفتك الطلابية على Tullab',
    heading: 'تم التحقق بنجاح!',
    preheader: (until) => `صفتك الطلابية موثّقة حتى ${until}.`,
    verified: (until) => `خبر سار: تم التحقق من صفتك الطلابية، ويبقى التحقق سارياً حتى ${until}.`,
    offers:
      'يمكنك الآن الاستفادة من جميع عروض الطلاب على Tullab: أكواد الخصم وروابط الإحالة من العلامات التجارية الشريكة.',
    browse: 'تصفّح عروض الطلاب',
    reminder: 'سنذكّرك قبل انتهاء صلاحية التحقق.',
  },
};

/** A student is verified (a document approved by staff): until when, and that offers are now open to them. */
export const verificationApproved = defineTemplate({
  /** `expiresOn`: an ISO day (`2027-11-26`), written for the reader; any other value is shown as given */
  data: emailTemplateData['verification-approved'],
  secrets: z.object({}),
  render({ data, context, language }) {
    const t = texts[language];
    const until = formatDay(data.expiresOn, language);
    return composeEmail({
      language,
      subject: t.subject,
      heading: t.heading,
      preheader: t.preheader(until),
      blocks: [
        say(greeting(data.firstName, language)),
        say(t.verified(until)),
        say(t.offers),
        action(t.browse, publicUrl(context, '/')),
        say(t.reminder, 'font-size:14px;'),
      ],
    });
  },
});
