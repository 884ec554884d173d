import { DEFAULT_LANGUAGE, type Language } from '@tullab/http';

/**
 * What the templates share in each language (issue 12), and how a value is shown in it. A template's own sentences
 * are in its file, as an `en` and an `ar` text set; the ones several templates use are here. The Arabic is Modern
 * Standard Arabic written for UAE students, not translated word by word; "Tullab" stays the brand's Latin name.
 * Staff templates (staff-*, contact-message) stay English: they use the defaults.
 */

export { DEFAULT_LANGUAGE, type Language };

export interface CommonTexts {
  /** the greeting without a name */
  hello: string;
  /** the greeting with a name (already one line) */
  hi: (name: string) => string;
  footer: string;
  /** followed by the support address and a full stop */
  questions: string;
  verifyAgain: string;
  /** after a time, which is always UAE time */
  uaeTime: string;
  /** the warning under a one-time code */
  neverShareCode: string;
}

export const common: Record<Language, CommonTexts> = {
  en: {
    hello: 'Hello,',
    hi: (name) => `Hi ${name},`,
    footer: 'Tullab — student offers in the UAE, Dubai Silicon Oasis',
    questions: 'Questions? Write to us at ',
    verifyAgain: 'Verify again',
    uaeTime: '(UAE time)',
    neverShareCode: 'Never share this code. Tullab staff will never ask you for it.',
  },
  ar: {
    hello: 'مرحباً،',
    hi: (name) => `مرحباً ${name}،`,
    footer: 'Tullab — عروض الطلاب في الإمارات، واحة دبي للسيليكون',
    questions: 'لديك سؤال؟ راسلنا على ',
    verifyAgain: 'أعد التحقق',
    uaeTime: '(بتوقيت الإمارات)',
    neverShareCode: 'لا تشارك هذا الرمز مع أي شخص، فلن يطلبه منك فريق Tullab أبداً.',
  },
};

/** How a language is written: the direction, the side a line starts on, the attributes that say so. */
export interface Direction {
  dir: 'ltr' | 'rtl';
  /** where a line starts: `left` in English, `right` in Arabic (for borders and alignment) */
  start: 'left' | 'right';
}

export const directions: Record<Language, Direction> = {
  en: { dir: 'ltr', start: 'left' },
  ar: { dir: 'rtl', start: 'right' },
};

/** The locale dates are written in: `en-GB` ("26 November 2027"), `ar-AE` (Gregorian, as Intl writes it). */
const intlLocales: Record<Language, string> = { en: 'en-GB', ar: 'ar-AE' };

/**
 * A date sent as an ISO day (`2027-11-26`), written for a reader of `language`: "26 November 2027", "26 نوفمبر 2027".
 * Anything else (a label such as "26 November 2027", from an event queued before producers sent ISO days) is
 * shown as given.
 */
export function formatDay(value: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return value;
  return new Intl.DateTimeFormat(intlLocales[language], {
    dateStyle: 'long',
    timeZone: 'UTC',
    calendar: 'gregory',
  }).format(date);
}

/** e.g. "21 Nov 2026, 14:05 (UAE time)", "21 نوفمبر 2026 في 2:05 م (بتوقيت الإمارات)" */
export function formatUaeTime(date: Date, language: Language = DEFAULT_LANGUAGE): string {
  const formatted = new Intl.DateTimeFormat(intlLocales[language], {
    dateStyle: language === 'en' ? 'medium' : 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Dubai',
    calendar: 'gregory',
  }).format(date);
  return `${formatted} ${common[language].uaeTime}`;
}

/**
 * The forms of a counted word, `#` standing for the number; `other` is the fallback. Arabic has six (zero, one,
 * two, few: 3–10, many: 11–99, other: 100, …), English two (one, other), as Intl.PluralRules names them.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** `count` (digits, as the data carries it) with the word in the form the language uses for it. */
export function plural(count: string, forms: Record<Language, PluralForms>, language: Language): string {
  const rule = new Intl.PluralRules(language).select(Number(count));
  const form = forms[language][rule] ?? forms[language].other;
  return form.replace('#', count);
}

export const days: Record<Language, PluralForms> = {
  en: { one: '# day', other: '# days' },
  ar: { zero: '# يوم', one: 'يوم واحد', two: 'يومين', few: '# أيام', many: '# يوماً', other: '# يوم' },
};

/** English keeps "# minutes" whatever the number, as it always read (codes are valid for 10 or 15). */
export const minutes: Record<Language, PluralForms> = {
  en: { other: '# minutes' },
  ar: {
    zero: '# دقيقة',
    one: 'دقيقة واحدة',
    two: 'دقيقتين',
    few: '# دقائق',
    many: '# دقيقة',
    other: '# دقيقة',
  },
};

/**
 * The document types a student can upload, by the code verification sends, with the label people read in each
 * language. The codes and English labels are verification's `documentTypes`
 * (services/verification/src/modules/requests/entities.ts): a type added there is added here.
 */
export const documentTypes = {
  student_id: { en: 'Student ID', ar: 'بطاقة الطالب' },
  enrollment_letter: { en: 'Enrollment letter', ar: 'خطاب إثبات القيد' },
  passport: { en: 'Passport', ar: 'جواز السفر' },
  emirates_id: { en: 'Emirates ID', ar: 'بطاقة الهوية الإماراتية' },
  transcript: { en: 'Transcript', ar: 'كشف الدرجات' },
} as const satisfies Record<string, Record<Language, string>>;

/** A document code's label in `language`; anything else (a label, from an event queued before codes) as given. */
export function documentLabel(value: string, language: Language): string {
  return Object.hasOwn(documentTypes, value)
    ? documentTypes[value as keyof typeof documentTypes][language]
    : value;
}
