import { COMPANY_NAME } from '../components/company';
import arAuth from '../i18n/locales/ar/auth.json';
import arCommon from '../i18n/locales/ar/common.json';
import arConnect from '../i18n/locales/ar/connect.json';
import arContact from '../i18n/locales/ar/contact.json';
import arDashboard from '../i18n/locales/ar/dashboard.json';
import arHome from '../i18n/locales/ar/home.json';
import arHowItWorks from '../i18n/locales/ar/howItWorks.json';
import arLegal from '../i18n/locales/ar/legal.json';
import arMerchants from '../i18n/locales/ar/merchants.json';
import arOffers from '../i18n/locales/ar/offers.json';
import arVerification from '../i18n/locales/ar/verification.json';
import enAuth from '../i18n/locales/en/auth.json';
import enCommon from '../i18n/locales/en/common.json';
import enConnect from '../i18n/locales/en/connect.json';
import enContact from '../i18n/locales/en/contact.json';
import enDashboard from '../i18n/locales/en/dashboard.json';
import enHome from '../i18n/locales/en/home.json';
import enHowItWorks from '../i18n/locales/en/howItWorks.json';
import enLegal from '../i18n/locales/en/legal.json';
import enMerchants from '../i18n/locales/en/merchants.json';
import enOffers from '../i18n/locales/en/offers.json';
import enVerification from '../i18n/locales/en/verification.json';
import { DEFAULT_LANGUAGE, languages, type Language } from '@tullab/web-kit/i18n/languages';
import { paths } from '../app/paths';

/**
 * The `<title>` and meta description of each page, in each language, as the gateway writes them into the HTML it
 * sends (issue 13 point 5): crawlers and link previews read them without running the app. The texts are the
 * catalogues' (the same the pages show), picked here by key; the build writes the result as `pages.json` beside
 * `routes.json`.
 */

const catalogues = {
  en: {
    auth: enAuth,
    common: enCommon,
    connect: enConnect,
    contact: enContact,
    dashboard: enDashboard,
    home: enHome,
    howItWorks: enHowItWorks,
    legal: enLegal,
    merchants: enMerchants,
    offers: enOffers,
    verification: enVerification,
  },
  ar: {
    auth: arAuth,
    common: arCommon,
    connect: arConnect,
    contact: arContact,
    dashboard: arDashboard,
    home: arHome,
    howItWorks: arHowItWorks,
    legal: arLegal,
    merchants: arMerchants,
    offers: arOffers,
    verification: arVerification,
  },
} satisfies Record<Language, Record<string, unknown>>;

type Namespace = keyof (typeof catalogues)['en'];
/** A catalogue text: `namespace:dotted.key`. */
type TextKey = `${Namespace}:${string}`;

/** Which texts make a page's head; `title` goes into the common `documentTitle` ('Log in · Tullab') unless `plain`. */
interface PageHeadSource {
  title: TextKey;
  description: TextKey;
  /** the title is the whole `<title>` (the home page's) */
  plain?: boolean;
  /** a public page crawlers may index and the sitemap lists; every other one is signed-in or a step of a form */
  indexed: boolean;
}

const home: PageHeadSource = {
  title: 'home:documentTitle',
  description: 'home:hero.subtitle',
  plain: true,
  indexed: true,
};

/** Each route of `paths`, by its path: the texts of its head, those its page shows as its title. */
export const pageHeadSources: Record<(typeof paths)[keyof typeof paths], PageHeadSource> = {
  [paths.home]: home,
  [paths.login]: { title: 'auth:login.documentTitle', description: 'auth:login.subtitle', indexed: true },
  [paths.signup]: { title: 'auth:signup.documentTitle', description: 'auth:signup.subtitle', indexed: true },
  [paths.createPassword]: {
    title: 'auth:createPassword.title',
    description: 'auth:createPassword.subtitle',
    indexed: false,
  },
  [paths.studentVerification]: {
    title: 'verification:documentTitle',
    description: 'verification:studentEmail.subtitle',
    indexed: false,
  },
  [paths.otpVerification]: {
    title: 'verification:otp.title',
    description: 'verification:otherWays.subtitle',
    indexed: false,
  },
  [paths.documentVerification]: {
    title: 'verification:document.documentTitle',
    description: 'verification:document.subtitle',
    indexed: false,
  },
  [paths.dashboard]: { title: 'dashboard:documentTitle', description: 'dashboard:intro', indexed: false },
  [paths.forMerchants]: {
    title: 'merchants:documentTitle',
    description: 'merchants:hero.text',
    indexed: true,
  },
  [paths.contactUs]: { title: 'contact:documentTitle', description: 'contact:intro', indexed: true },
  [paths.privacyPolicy]: {
    title: 'legal:privacy.title',
    description: 'legal:privacy.sections.introduction.p2',
    indexed: true,
  },
  [paths.termsOfService]: {
    title: 'legal:terms.title',
    description: 'legal:terms.sections.acceptance-of-terms.p1',
    indexed: true,
  },
  [paths.forgotPassword]: {
    title: 'auth:forgotPassword.email.title',
    description: 'auth:forgotPassword.email.subtitle',
    indexed: false,
  },
  [paths.howItWorks]: { title: 'howItWorks:title', description: 'howItWorks:intro', indexed: true },
  // the home page, with the offer's modal: the gateway writes the offer's own head when it lists the offer
  [paths.offer]: { ...home, indexed: false },
  // a step of a brand's checkout, for the student who started it
  [paths.connect]: { title: 'connect:documentTitle', description: 'connect:description', indexed: false },
};

const notFound: PageHeadSource = {
  title: 'common:notFound.title',
  description: 'common:notFound.text',
  indexed: false,
};

/** The values the catalogues' texts name (`{{company}}` in the legal pages). */
const VALUES: Record<string, string> = { company: COMPANY_NAME };

/** A catalogue text in `language`, its `{{values}}` filled and its markup (`<privacyPolicy>…</privacyPolicy>`) dropped. */
export function catalogueText(language: Language, key: TextKey, values: Record<string, string> = {}): string {
  const [namespace, path] = key.split(':') as [Namespace, string];
  let node: unknown = catalogues[language][namespace];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in the ${language} catalogue`);
  return node
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? VALUES[name] ?? whole)
    .replace(/<\/?[\w-]+\s*\/?>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface PageHead {
  title: string;
  description: string;
}

/** What `pages.json` holds; the gateway reads it (services/gateway/src/modules/pages/heads.ts). */
export interface PageHeads {
  languages: readonly Language[];
  defaultLanguage: Language;
  /** each route of `routes.json` */
  pages: Record<string, { indexed: boolean } & Record<Language, PageHead>>;
  /** the head of a page no route answers */
  notFound: Record<Language, PageHead>;
  /** the words of an offer's preview: its `<title>` template and its discount badge (SPEC §4) */
  offer: Record<
    Language,
    {
      documentTitle: string;
      badge: {
        referral: string;
        percentage: string;
        fixed: string;
        off: string;
        free: string;
        freeShipping: string;
      };
    }
  >;
}

/** Search results show about this much of a description; a longer text (a legal page's) gives its first sentence. */
const LONG_DESCRIPTION = 200;

function descriptionOf(text: string): string {
  if (text.length <= LONG_DESCRIPTION) return text;
  const end = text.search(/[.!?؟](\s|$)/);
  return end > 0 ? text.slice(0, end + 1) : text;
}

function headOf(source: PageHeadSource, language: Language): PageHead {
  const title = catalogueText(language, source.title);
  return {
    title: source.plain ? title : catalogueText(language, 'common:documentTitle', { title }),
    description: descriptionOf(catalogueText(language, source.description)),
  };
}

const perLanguage = <T>(make: (language: Language) => T) =>
  Object.fromEntries(languages.map((language) => [language, make(language)])) as Record<Language, T>;

/** Every page's head in every language, the not-found page's, and the words of an offer's preview. */
export function pageHeads(): PageHeads {
  return {
    languages,
    defaultLanguage: DEFAULT_LANGUAGE,
    pages: Object.fromEntries(
      Object.entries(pageHeadSources).map(([path, source]) => [
        path,
        { indexed: source.indexed, ...perLanguage((language) => headOf(source, language)) },
      ]),
    ),
    notFound: perLanguage((language) => headOf(notFound, language)),
    offer: perLanguage((language) => {
      const badge = (key: string) => catalogueText(language, `offers:badge.${key}`, { amount: '{{amount}}' });
      return {
        // the offer's title and brand fill `{{title}}` (the gateway does)
        documentTitle: catalogueText(language, 'common:documentTitle', { title: '{{title}}' }),
        badge: {
          referral: badge('referral'),
          percentage: badge('percentage'),
          fixed: badge('fixed'),
          off: badge('off'),
          free: badge('free'),
          freeShipping: `${badge('freeShipping.value')} ${badge('freeShipping.caption')}`,
        },
      };
    }),
  };
}
