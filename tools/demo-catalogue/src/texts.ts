import type { GuideStep } from '@tullab/contracts';
import type { Channel, DemoBrand } from './brands';

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

/** The brand's name as it appears in its invented web address and its logo's file name. */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

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
