import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '@tullab/http';
import type { ObjectStore } from '@tullab/storage';
import { rows } from '../../sql';
import { OfferSchema, type GuideStep } from '../offers/entities';
import { newOffer } from '../offers/service';
import { addCodes } from '../redemptions/pool';
import { demoBrands, type Channel, type DemoBrand } from './brands';
import { drawLogo, initialsOf, type LogoStyle } from './logo-art';

const DAY_MS = 24 * 3600_000;

/** SPEC §2's default terms, after the brand's own line. */
export const STUDENT_TERMS =
  'Valid for verified students with a UAE educational e-mail address. One code per student account; you must be 18 or ' +
  'older to redeem. Cannot be combined with other offers; non-transferable and non-refundable; one transaction only.';

/** The same terms in Arabic (issue 12), after the brand's Arabic line. */
export const STUDENT_TERMS_AR =
  'صالح للطلاب الموثّقين الذين لديهم بريد إلكتروني جامعي في الإمارات. كود واحد لكل حساب طالب، ويجب أن يكون عمرك ' +
  '18 عاماً أو أكثر للاستفادة من العرض. لا يمكن الجمع بينه وبين أي عرض آخر، وهو غير قابل للتحويل أو الاسترداد، ' +
  'ويُستخدم في عملية شراء واحدة فقط.';

const guides: Record<Channel, (brand: DemoBrand, site: string) => string[]> = {
  online: (brand, site) => [
    'Tap "Redeem discount code" to reveal your code',
    `Shop at ${site} and add what you like to your basket`,
    'Paste the code at checkout',
    `Enjoy your ${brand.name} student saving`,
  ],
  'in-store': (brand) => [
    'Tap "Redeem discount code" to reveal your code',
    `Visit any ${brand.name} branch`,
    'Show the code before you pay',
    'The team applies your discount to the bill',
  ],
  app: (brand) => [
    'Tap "Redeem discount code" to reveal your code',
    `Open the ${brand.name} app or sign up`,
    'Enter the code under Promotions',
    'Your discount applies to your next order',
  ],
  referral: (brand) => [
    'Tap "Get Offer" to open the partner page',
    `Create your ${brand.name} account with your student e-mail`,
    'Your student benefit is applied automatically',
  ],
};

/** The guides in Arabic, step for step like the English ones; the buttons are named as the Arabic app names them. */
const guidesAr: Record<Channel, (brand: DemoBrand, site: string) => string[]> = {
  online: (brand, site) => [
    'اضغط على «احصل على كود الخصم» ليظهر لك الكود',
    `تسوّق من ${site} وأضف ما يعجبك إلى سلة المشتريات`,
    'الصق الكود عند إتمام الدفع',
    `استمتع بخصم الطلاب من ${brand.name}`,
  ],
  'in-store': (brand) => [
    'اضغط على «احصل على كود الخصم» ليظهر لك الكود',
    `توجّه إلى أي فرع من فروع ${brand.name}`,
    'اعرض الكود قبل الدفع',
    'سيطبّق فريق المتجر الخصم على فاتورتك',
  ],
  app: (brand) => [
    'اضغط على «احصل على كود الخصم» ليظهر لك الكود',
    `افتح تطبيق ${brand.name} أو أنشئ حساباً جديداً`,
    'أدخل الكود في قسم العروض الترويجية',
    'يُطبَّق الخصم على طلبك التالي',
  ],
  referral: (brand) => [
    'اضغط على «احصل على العرض» لتفتح صفحة الشريك',
    `أنشئ حسابك في ${brand.name} باستخدام بريدك الجامعي`,
    'تُطبَّق مزايا الطلاب على حسابك تلقائياً',
  ],
};

const palette: Array<Pick<LogoStyle, 'top' | 'bottom' | 'accent' | 'ink'>> = [
  { top: [87, 204, 151], bottom: [56, 163, 165], accent: [255, 255, 255], ink: [255, 255, 255] },
  { top: [34, 87, 122], bottom: [24, 58, 86], accent: [87, 204, 151], ink: [255, 255, 255] },
  { top: [255, 122, 107], bottom: [232, 82, 96], accent: [255, 217, 102], ink: [255, 255, 255] },
  { top: [128, 237, 153], bottom: [87, 204, 151], accent: [34, 87, 122], ink: [22, 60, 84] },
  { top: [109, 89, 122], bottom: [78, 60, 96], accent: [229, 107, 111], ink: [255, 255, 255] },
  { top: [244, 162, 97], bottom: [231, 111, 81], accent: [255, 241, 208], ink: [255, 255, 255] },
  { top: [61, 90, 128], bottom: [41, 64, 99], accent: [152, 193, 217], ink: [255, 255, 255] },
  { top: [42, 157, 143], bottom: [33, 118, 110], accent: [233, 196, 106], ink: [255, 255, 255] },
  { top: [255, 209, 102], bottom: [247, 178, 72], accent: [255, 255, 255], ink: [84, 56, 20] },
  { top: [43, 45, 66], bottom: [26, 27, 42], accent: [87, 204, 151], ink: [255, 255, 255] },
];
const shapes: LogoStyle['shape'][] = ['rounded', 'circle'];
const motifs: LogoStyle['motif'][] = ['orbit', 'corner', 'band'];

export function logoStyle(index: number): LogoStyle {
  return {
    ...palette[index % palette.length],
    shape: shapes[index % shapes.length],
    motif: motifs[Math.floor(index / 2) % motifs.length],
  };
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Codes such as `QAHWA-7KQ2MX`: six characters from an alphabet without look-alikes. */
function poolCodes(prefix: string, size: number): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const codes = new Set<string>();
  while (codes.size < size)
    codes.add(`${prefix}-${Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join('')}`);
  return [...codes];
}

const numbered = (instructions: string[]): GuideStep[] =>
  instructions.map((instruction, i) => ({ step: i + 1, instruction }));

/** A demo offer's texts, in English and in Arabic (issue 12). */
export function demoOfferTexts(brand: DemoBrand) {
  const site = `www.${slugOf(brand.name)}.example`;
  return {
    title: brand.title,
    titleAr: brand.titleAr,
    description: brand.description,
    descriptionAr: brand.descriptionAr,
    discountRedemptionGuide: numbered(guides[brand.channel](brand, site)),
    discountRedemptionGuideAr: numbered(guidesAr[brand.channel](brand, site)),
    termsAndConditions: `${brand.terms} ${STUDENT_TERMS}`,
    termsAndConditionsAr: `${brand.termsAr} ${STUDENT_TERMS_AR}`,
  };
}

function discountOf(brand: DemoBrand) {
  const { discount } = brand;
  if (discount.type === 'referral')
    return { offerType: 'referral' as const, discountType: null, discountValue: null };
  const value = discount.type === 'free_shipping' ? null : discount.value;
  return { offerType: 'discount' as const, discountType: discount.type, discountValue: value };
}

/**
 * Loads the demo catalogue (issue 4): 30 invented UAE brands over every category, each with a generated logo, a mix
 * of percentage, fixed (AED), free-shipping and referral offers, some expiring, some with code pools. Does nothing
 * when any offer exists, so it is safe on every start; concurrent runs queue on a lock. Answers how many it added.
 */
export async function seedDemoOffers(em: EntityManager, store: ObjectStore, log: Logger): Promise<number> {
  if (await em.fork().count(OfferSchema, {})) return 0;
  const logos = demoBrands.map((brand, index) => ({
    key: `offers/demo/${slugOf(brand.name)}.png`,
    contentType: 'image/png',
    bytes: drawLogo(initialsOf(brand.name), logoStyle(index)),
  }));
  for (const logo of logos) await store.put(logo.key, logo.bytes, logo.contentType);

  const added = await em.transactional(async (tx) => {
    await rows(tx, "select pg_advisory_xact_lock(hashtext('offers-demo-catalogue'))");
    if (await tx.count(OfferSchema, {})) return 0;
    const now = Date.now();
    const pools: Array<{ offerId: string; codes: string[] }> = [];
    demoBrands.forEach((brand, index) => {
      const slug = slugOf(brand.name);
      const site = `www.${slug}.example`;
      const discount = discountOf(brand);
      const offer = newOffer(tx, {
        ...demoOfferTexts(brand),
        brandName: brand.name,
        businessName: `${brand.name} L.L.C.`,
        businessDescription: brand.about,
        businessCategory: brand.category,
        ...discount,
        code: brand.code ?? null,
        referralLink:
          discount.offerType === 'referral' ? `https://${slug}.example/students?ref=tullab` : null,
        websiteLink: `https://${site}`,
        expiresAt: brand.expiresInDays ? new Date(now + brand.expiresInDays * DAY_MS) : null,
        generalInfo:
          brand.generalInfo ?? `Questions about your order? Contact ${brand.name} at hello@${slug}.example.`,
        maxRedemptionsPerStudent: brand.maxRedemptionsPerStudent ?? 1,
        status: 'live',
        logo: logos[index],
        currentUses: brand.uses,
        createdAt: new Date(now - brand.ageDays * DAY_MS),
      });
      if (brand.pool) pools.push({ offerId: offer.id, codes: poolCodes(brand.pool.prefix, brand.pool.size) });
    });
    await tx.flush();
    for (const pool of pools) await addCodes(tx, pool.offerId, pool.codes);
    return demoBrands.length;
  });
  if (added) log.info({ offers: added }, 'demo catalogue loaded');
  return added;
}
