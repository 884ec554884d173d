import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { askSupport, composeEmail, say } from './compose';
import { common, type Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says. */
const en = {
  subject: 'We received your Tullab merchant application',
  heading: 'Application received',
  preheader: 'Our partnerships team will review your offer and get back to you.',
  thanks: 'Thank you for applying to bring your brand to students across the UAE on Tullab.',
  review: 'Our partnerships team will review your offer and e-mail you at this address with the outcome.',
  notYou: 'If you did not apply, someone typed your address by mistake: you can ignore this e-mail.',
  free: 'As a reminder, joining Tullab is free: no commission and no upfront cost.',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: 'استلمنا طلب انضمامك إلى Tullab',
    heading: 'تم استلام الطلب',
    preheader: 'سيراجع فريق الشراكات عرضك ويعود إليك بالرد.',
    thanks: 'شكراً لاهتمامك بتقديم علامتك التجارية لطلاب الجامعات في جميع أنحاء الإمارات عبر Tullab.',
    review: 'سيراجع فريق الشراكات لدينا عرضك، ثم يراسلك على هذا العنوان بالنتيجة.',
    notYou: 'إذا لم تقدّم أي طلب، فربما كتب أحدهم عنوانك عن طريق الخطأ، ويمكنك تجاهل هذه الرسالة.',
    free: 'للتذكير، الانضمام إلى Tullab مجاني: بلا عمولة ولا أي تكاليف مسبقة.',
  },
};

/**
 * Confirms an application from /for-merchants to the address it names. Anyone can type any address into that public
 * form, so the mail carries nothing the visitor typed and goes to one address at most once a day (offers decides);
 * a stranger who receives it learns only that someone applied with their address, and what to do if it was not them.
 */
export const merchantApplicationReceived = defineTemplate({
  data: emailTemplateData['merchant-application-received'],
  secrets: z.object({}),
  render({ context, language }) {
    const t = texts[language];
    return composeEmail({
      language,
      subject: t.subject,
      heading: t.heading,
      preheader: t.preheader,
      blocks: [
        say(common[language].hello),
        say(t.thanks),
        say(t.review),
        say(t.notYou),
        say(t.free),
        askSupport(context, language),
      ],
    });
  },
});
