import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, composeEmail, publicUrl, say } from './compose';
import { greeting } from './layout';
import { formatUaeTime, type Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; `offer` is the offer's title in the reader's language, `when` its end in UAE time. */
const en = {
  subject: (brand: string) => `Your saved ${brand} offer ends soon`,
  heading: 'A saved offer ends soon',
  preheader: (offer: string, when: string) => `"${offer}" ends on ${when}.`,
  ends: (offer: string, brand: string, when: string) =>
    `The offer you saved, "${offer}" from ${brand}, ends on ${when}.`,
  hurry: 'If you still want it, redeem it before then.',
  open: 'Open the offer',
  why:
    'You receive this e-mail because you agreed to offer news by e-mail. ' +
    'You can turn it off in your dashboard at any time.',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: (brand) => `عرض ${brand} الذي حفظته ينتهي قريباً`,
    heading: 'عرض محفوظ ينتهي قريباً',
    preheader: (offer, when) => `ينتهي العرض «${offer}» في ${when}.`,
    ends: (offer, brand, when) => `العرض الذي حفظته، «${offer}» من ${brand}، ينتهي في ${when}.`,
    hurry: 'إن كنت لا تزال تريده، فاستفد منه قبل ذلك.',
    open: 'افتح العرض',
    why:
      'وصلتك هذه الرسالة لأنك وافقت على تلقي أخبار العروض بالبريد الإلكتروني. ' +
      'يمكنك إيقافها من لوحة التحكم في أي وقت.',
  },
};

/**
 * To a student who agreed to offer e-mails, when an offer they saved ends within three days (decision 014): sent once
 * per offer and student. Identity asks for it, in the account's language, with the offer's title in that language.
 */
export const savedOfferEnding = defineTemplate({
  data: emailTemplateData['saved-offer-ending'],
  secrets: z.object({}),
  render({ data, context, language }) {
    const t = texts[language];
    const when = formatUaeTime(new Date(data.expiresAt), language);
    return composeEmail({
      language,
      subject: t.subject(data.brandName),
      heading: t.heading,
      preheader: t.preheader(data.offerTitle, when),
      blocks: [
        say(greeting(data.firstName, language)),
        say(t.ends(data.offerTitle, data.brandName, when)),
        say(t.hurry),
        action(t.open, publicUrl(context, `/?offer=${encodeURIComponent(data.offerId)}`)),
        say(t.why),
      ],
    });
  },
});
