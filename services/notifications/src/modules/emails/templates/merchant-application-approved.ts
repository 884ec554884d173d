import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, askSupport, composeEmail, publicUrl, say } from './compose';
import { greeting } from './layout';
import type { Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; the brand's name is in the body only, never in the subject. */
const en = {
  subject: 'Your Tullab merchant application is approved',
  heading: 'Welcome to Tullab!',
  preheader: 'Your offer is being published on Tullab.',
  approved: (brand: string) => `Good news: we approved the application for ${brand}.`,
  publishing:
    'We are now publishing your offer on Tullab, where verified students across the UAE can find and redeem it.',
  visit: 'Visit Tullab',
  changes: 'If anything in your offer needs to change, let us know.',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: 'تمت الموافقة على طلب انضمامك إلى Tullab',
    heading: 'أهلاً بك في Tullab!',
    preheader: 'نعمل الآن على نشر عرضك على Tullab.',
    approved: (brand) => `خبر سار: وافقنا على طلب انضمام ${brand}.`,
    publishing:
      'نعمل الآن على نشر عرضك على Tullab، حيث يمكن للطلاب الموثّقين في جميع أنحاء الإمارات العثور عليه والاستفادة منه.',
    visit: 'زُر Tullab',
    changes: 'إذا احتاج أي شيء في عرضك إلى تعديل، فأخبرنا بذلك.',
  },
};

/** Staff accepted a brand's application: its offer is being published on Tullab. */
export const merchantApplicationApproved = defineTemplate({
  data: emailTemplateData['merchant-application-approved'],
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
        say(t.approved(data.brandName)),
        say(t.publishing),
        action(t.visit, publicUrl(context, '/')),
        say(t.changes),
        askSupport(context, language),
      ],
    });
  },
});
