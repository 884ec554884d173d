import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, askSupport, composeEmail, publicUrl, quoted, say } from './compose';
import { greeting } from './layout';
import type { Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; `offer` is the proposed title, as the merchant wrote it. */
const en = {
  subject: (approved: boolean): string =>
    approved ? 'Your proposed offer is approved' : 'An update on your proposed offer',
  heading: (approved: boolean): string => (approved ? 'Your proposal is approved' : 'About your proposal'),
  preheader: (offer: string, approved: boolean): string =>
    approved ? `Our team approved "${offer}".` : `Our team could not accept "${offer}" as it stands.`,
  approved: (offer: string, brand: string) =>
    `Good news: our team approved the offer "${offer}" that ${brand} proposed.`,
  published: 'You can follow it in your merchant area on Tullab.',
  rejected: (offer: string, brand: string) =>
    `Thank you for proposing the offer "${offer}" for ${brand}. Our team cannot accept it as it stands, and wrote:`,
  again: 'You are welcome to send a new proposal once these points are addressed.',
  open: 'Open your merchant area',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: (approved) => (approved ? 'تمت الموافقة على العرض الذي اقترحته' : 'مستجدات العرض الذي اقترحته'),
    heading: (approved) => (approved ? 'تمت الموافقة على اقتراحك' : 'بخصوص اقتراحك'),
    preheader: (offer, approved) =>
      approved ? `وافق فريقنا على «${offer}».` : `لم يتمكن فريقنا من قبول «${offer}» بصيغته الحالية.`,
    approved: (offer, brand) => `خبر سار: وافق فريقنا على العرض «${offer}» الذي اقترحته ${brand}.`,
    published: 'يمكنك متابعته في مساحة التاجر الخاصة بك على Tullab.',
    rejected: (offer, brand) =>
      `شكراً لاقتراحك العرض «${offer}» لـ ${brand}. لا يمكن لفريقنا قبوله بصيغته الحالية، وهذا ما كتبه:`,
    again: 'يسعدنا أن ترسل اقتراحاً جديداً بعد معالجة هذه النقاط.',
    open: 'افتح مساحة التاجر',
  },
};

/**
 * Staff decided about an offer a brand's merchant proposed (decision 016): to the brand's contact, in their language;
 * a rejection quotes staff's reason.
 */
export const offerProposalDecided = defineTemplate({
  data: emailTemplateData['offer-proposal-decided'],
  secrets: z.object({}),
  render({ data, context, language }) {
    const t = texts[language];
    const { offerTitle, brandName } = data;
    const approved = data.approved === 'true';
    const decision = approved
      ? [say(t.approved(offerTitle, brandName)), say(t.published)]
      : [
          say(t.rejected(offerTitle, brandName)),
          ...(data.reason ? [quoted(data.reason, language)] : []),
          say(t.again),
        ];
    return composeEmail({
      language,
      subject: t.subject(approved),
      heading: t.heading(approved),
      preheader: t.preheader(offerTitle, approved),
      blocks: [
        say(greeting(data.contactName, language)),
        ...decision,
        action(t.open, publicUrl(context, '/merchant')),
        askSupport(context, language),
      ],
    });
  },
});
