import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers';

/**
 * The student app's own index.html (its source: the build keeps its head as written, adding only its scripts), as
 * the gateway's tests of the pages it writes start from: a head with a title, a description over several lines and
 * the first screen's styles.
 */
export const STUDENT_INDEX_HTML = readFileSync(
  path.join(__dirname, '..', '..', '..', 'apps', 'student-web', 'index.html'),
  'utf8',
);

/** What the student build writes as routes.json (its `paths`): the pages, and an offer's own page. */
export const ROUTES = [
  '/',
  '/login',
  '/signup',
  '/dashboard',
  '/for-merchants',
  '/how-it-works',
  '/forgot-password',
  '/offers/:offerId',
];

const page = (indexed: boolean, en: [string, string], ar: [string, string]) => ({
  indexed,
  en: { title: en[0], description: en[1] },
  ar: { title: ar[0], description: ar[1] },
});

const home = page(
  true,
  [
    'Tullab — Student discounts in the UAE',
    'Exclusive savings on well-known brands, verified for students only.',
  ],
  ['Tullab — خصومات الطلاب في الإمارات', 'توفير حصري على علامات تجارية تعرفها، للطلاب الموثّقين فقط.'],
);

/** pages.json as the student build writes it from its catalogues (apps/student-web/src/app/page-heads.ts). */
export const PAGE_HEADS = {
  languages: ['en', 'ar'],
  defaultLanguage: 'en',
  pages: {
    '/': home,
    '/login': page(
      true,
      ['Log in · Tullab', 'Sign in to access your student offers'],
      ['تسجيل الدخول · Tullab', 'سجّل الدخول للوصول إلى عروض الطلاب الخاصة بك'],
    ),
    '/signup': page(
      true,
      ['Sign up · Tullab', 'Join Tullab to unlock exclusive student discounts'],
      ['إنشاء حساب · Tullab', 'انضم إلى Tullab واحصل على خصومات حصرية للطلاب'],
    ),
    '/dashboard': page(
      false,
      ['Dashboard · Tullab', 'Manage your profile, verification and preferences.'],
      ['لوحة التحكم · Tullab', 'أدِر ملفك الشخصي والتحقق من صفتك الطلابية وتفضيلاتك.'],
    ),
    '/for-merchants': page(
      true,
      ['Join as a Merchant · Tullab', 'List your student offer on Tullab.'],
      ['انضم كتاجر · Tullab', 'اعرض عرضك للطلاب على Tullab.'],
    ),
    '/how-it-works': page(
      true,
      ['How It Works · Tullab', 'Three steps between you and exclusive student savings on brands you know.'],
      ['كيف يعمل · Tullab', 'ثلاث خطوات فقط تفصلك عن خصومات حصرية للطلاب من علامات تجارية تعرفها.'],
    ),
    '/forgot-password': page(
      false,
      ['Reset Password · Tullab', "Enter your account's email and we'll send you a 6-digit code."],
      [
        'إعادة تعيين كلمة المرور · Tullab',
        'أدخل البريد الإلكتروني المسجّل في حسابك وسنرسل إليك رمزاً من 6 أرقام.',
      ],
    ),
    '/offers/:offerId': { ...home, indexed: false },
  },
  notFound: {
    en: {
      title: 'Page Not Found · Tullab',
      description: 'The page you are looking for does not exist or has moved.',
    },
    ar: { title: 'الصفحة غير موجودة · Tullab', description: 'الصفحة التي تبحث عنها غير موجودة أو نُقلت.' },
  },
  offer: {
    en: {
      documentTitle: '{{title}} · Tullab',
      badge: {
        referral: 'Offer',
        percentage: '{{amount}}%',
        fixed: 'AED {{amount}}',
        off: 'OFF',
        free: 'FREE',
        freeShipping: 'FREE SHIPPING',
      },
    },
    ar: {
      documentTitle: '{{title}} · Tullab',
      badge: {
        referral: 'عرض',
        percentage: '{{amount}}%',
        fixed: '{{amount}} درهم',
        off: 'خصم',
        free: 'مجاناً',
        freeShipping: 'شحن مجاني',
      },
    },
  },
};

/** The home hero, which app.html leaves out (as the build does). */
const HOME_HERO = /\s*<!-- home hero[\s\S]*?<!-- \/home hero -->/;

/** A student build in a folder of its own: index.html, app.html, routes.json and (unless told not to) pages.json. */
export function studentBuild(options: { pageHeads?: boolean } = {}): string {
  const dir = tempDir('tullab-student-build');
  writeFileSync(path.join(dir, 'index.html'), STUDENT_INDEX_HTML);
  writeFileSync(path.join(dir, 'app.html'), STUDENT_INDEX_HTML.replace(HOME_HERO, ''));
  writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(ROUTES));
  if (options.pageHeads !== false) writeFileSync(path.join(dir, 'pages.json'), JSON.stringify(PAGE_HEADS));
  return dir;
}

/** The head's `<meta>` values and links as a crawler reads them (no JavaScript): entities decoded. */
export function readHead(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const attributes = (tag: string) =>
    Object.fromEntries(
      [...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, decode(value)]),
    );
  const metas = [...head.matchAll(/<meta\b[^>]*>/gi)].map((m) => attributes(m[0]));
  const links = [...head.matchAll(/<link\b[^>]*>/gi)].map((m) => attributes(m[0]));
  const titles = [...head.matchAll(/<title>([\s\S]*?)<\/title>/gi)].map((m) => decode(m[1]));
  const html_ = attributes(/<html\b[^>]*>/i.exec(html)?.[0] ?? '');
  return {
    /** every `<title>` of the head (one, when all is well) */
    titles,
    lang: html_.lang,
    dir: html_.dir,
    /** the content of `<meta property|name="key">`, undefined when none (all of them when several) */
    meta: (key: string) => {
      const found = metas.filter((m) => m.property === key || m.name === key).map((m) => m.content);
      return found.length > 1 ? found : found[0];
    },
    canonical: links.find((l) => l.rel === 'canonical')?.href,
    alternates: Object.fromEntries(
      links.filter((l) => l.rel === 'alternate').map((l) => [l.hreflang, l.href] as const),
    ),
  };
}
