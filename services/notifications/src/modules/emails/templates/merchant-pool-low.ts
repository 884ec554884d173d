import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, askSupport, composeEmail, publicUrl, say } from './compose';
import { greeting } from './layout';
import type { Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; `left` is how many codes the pool still has (0: it ran out). */
const en = {
  subject: (offer: string) => `Codes running low: ${offer}`,
  heading: 'Your codes are running low',
  preheader: (offer: string) => `Upload more codes for "${offer}" in the merchant portal.`,
  low: (offer: string, brand: string, left: string) =>
    `Your ${brand} offer "${offer}" has ${left} ${left === '1' ? 'code' : 'codes'} left.`,
  out: (offer: string, brand: string) =>
    `Your ${brand} offer "${offer}" has run out of codes: students cannot redeem it until you add more.`,
  upload: 'Upload a CSV file of new codes in the merchant portal, so students keep getting one.',
  open: 'Open the merchant portal',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: (offer) => `الأكواد على وشك النفاد: ${offer}`,
    heading: 'أكوادك على وشك النفاد',
    preheader: (offer) => `ارفع أكواداً جديدة للعرض «${offer}» في بوابة التجّار.`,
    low: (offer, brand, left) => `تبقّى للعرض «${offer}» من ${brand} عدد ${left} من الأكواد فقط.`,
    out: (offer, brand) =>
      `نفدت أكواد العرض «${offer}» من ${brand}: لا يستطيع الطلاب الاستفادة منه حتى تضيف أكواداً جديدة.`,
    upload: 'ارفع ملفاً بأكواد جديدة في بوابة التجّار، ليحصل الطلاب على أكوادهم دون انقطاع.',
    open: 'افتح بوابة التجّار',
  },
};

/** To a brand's contact: one of their offers' code pool runs low or ran out (decision 016). */
export const merchantPoolLow = defineTemplate({
  data: emailTemplateData['merchant-pool-low'],
  secrets: z.object({}),
  render({ data, context, language }) {
    const t = texts[language];
    const left = String(Number(data.codesLeft));
    return composeEmail({
      language,
      subject: t.subject(data.offerTitle),
      heading: t.heading,
      preheader: t.preheader(data.offerTitle),
      blocks: [
        say(greeting(data.contactName, language)),
        say(
          left === '0'
            ? t.out(data.offerTitle, data.brandName)
            : t.low(data.offerTitle, data.brandName, left),
        ),
        say(t.upload),
        action(t.open, publicUrl(context, '/merchant')),
        askSupport(context, language),
      ],
    });
  },
});
