import type { Language } from '@tullab/http';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A text or address as HTML text or a quoted attribute value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** What the gateway writes into the `<head>` of a page it sends (issue 13 point 5). */
export interface HeadTags {
  language: Language;
  /** the page's title, as previews show it */
  title: string;
  /** the browser tab's `<title>`, when it says more than `title` ('… · Tullab') */
  documentTitle?: string;
  description: string;
  /** absolute; none for a page no route answers */
  canonical?: string;
  /** the page in each language (hreflang), absolute; `x-default` is the one without `?lang` */
  alternates?: { hreflang: string; href: string }[];
  /** `noindex`: a signed-in page, a step of a form, a page no route answers */
  noindex?: boolean;
  /** Open Graph and Twitter card fields, for link previews */
  openGraph?: { type: string; siteName: string; image?: { url: string; alt: string } };
}

const OG_LOCALES: Record<Language, string> = { en: 'en_AE', ar: 'ar_AE' };

/** The head's tags, each value escaped. */
export function headTags(head: HeadTags): string[] {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.documentTitle ?? head.title)}</title>`,
    meta('name', 'description', head.description),
  ];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  for (const { hreflang, href } of head.alternates ?? []) {
    tags.push(`<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}" />`);
  }
  const og = head.openGraph;
  if (og) {
    tags.push(
      meta('property', 'og:type', og.type),
      meta('property', 'og:site_name', og.siteName),
      meta('property', 'og:locale', OG_LOCALES[head.language]),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
    );
    if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
    if (og.image) {
      tags.push(meta('property', 'og:image', og.image.url), meta('property', 'og:image:alt', og.image.alt));
    }
    tags.push(
      meta('name', 'twitter:card', 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
    );
    if (og.image) {
      tags.push(meta('name', 'twitter:image', og.image.url), meta('name', 'twitter:image:alt', og.image.alt));
    }
  }
  return tags;
}

const HTML_TAG = /<html\b[^>]*>/i;
const TITLE = /[ \t]*<title\b[^>]*>[\s\S]*?<\/title>[ \t]*\r?\n?/i;
const DESCRIPTION = /[ \t]*<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?/i;
const HEAD_START = /<head\b[^>]*>\r?\n?/i;

/**
 * The built page with this head: `<html lang dir>` of the language, the build's own `<title>` and description
 * replaced by the head's tags, written where the title was (near the top, where previews look first). The body, the
 * first paint, is left as it is (decision 011).
 */
export function withHead(html: string, head: HeadTags): string {
  const direction = head.language === 'ar' ? 'rtl' : 'ltr';
  const tags = headTags(head)
    .map((tag) => `    ${tag}\n`)
    .join('');
  let page = html.replace(HTML_TAG, `<html lang="${head.language}" dir="${direction}">`);
  page = page.replace(DESCRIPTION, '');
  if (TITLE.test(page)) return page.replace(TITLE, () => tags);
  return page.replace(HEAD_START, (start) => `${start.endsWith('\n') ? start : `${start}\n`}${tags}`);
}
