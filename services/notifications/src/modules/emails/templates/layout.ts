import { oneLine } from '@tullab/contracts';
import { DEFAULT_LANGUAGE, common, directions, formatUaeTime, type Language } from './locale';

/**
 * The shared look of every e-mail: Tullab's green header bar, a clear heading, the footer. Inline styles only. One
 * layout for both languages: an Arabic mail is the same, written right to left (its sides mirrored).
 */

export const PRODUCT_NAME = 'Tullab';
export const BRAND_GREEN = '#57CC97';
/** the English footer */
export const FOOTER_TEXT = common.en.footer;

/** Dark text on the brand green and on white keeps WCAG AA contrast (white on #57CC97 would not). */
const INK = '#1F2933';
const MUTED = '#52606D';
const LINK = '#1B7A4F';
const PAGE = '#F4F6F5';
const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";
/** the web app's Arabic face first, then faces with Arabic letters most systems have */
const FONT_ARABIC = "'Noto Sans Arabic', Tahoma, Arial, sans-serif";

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value that reaches HTML goes through this. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** One line for a subject or a header: the contracts' rule, the one template data is checked with. */
export { oneLine };

/** A paragraph of escaped text; line breaks in it are kept. */
export function paragraph(text: string, style = ''): string {
  const body = escapeHtml(text).replace(/\r?\n/g, '<br>');
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${INK};${style}">${body}</p>`;
}

/** A paragraph whose parts are already HTML (built with escapeHtml / link). */
export function paragraphHtml(html: string, style = ''): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${INK};${style}">${html}</p>`;
}

export function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${LINK};text-decoration:underline;">${escapeHtml(label)}</a>`;
}

export function mailtoLink(address: string): string {
  return link(`mailto:${address}`, address);
}

/** A short value shown large and easy to copy (a code). */
export function highlight(value: string): string {
  return (
    `<p style="margin:8px 0 24px;padding:16px;text-align:center;` +
    `background-color:#E9F8F1;border:2px solid ${BRAND_GREEN};border-radius:8px;font-family:'Courier New',Courier,monospace;` +
    `font-size:32px;font-weight:bold;letter-spacing:8px;color:${INK};">${escapeHtml(value)}</p>`
  );
}

/** Rows of label → value, both escaped unless a value is given as `{ html }`. */
export function detailsTable(rows: Array<[string, string | { html: string }]>): string {
  const cells = rows
    .map(([label, value]) => {
      const shown = typeof value === 'string' ? escapeHtml(value) : value.html;
      return (
        `<tr><th scope="row" align="left" style="padding:6px 12px 6px 0;font-size:14px;color:${MUTED};` +
        `font-weight:normal;vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;font-size:16px;color:${INK};">${shown}</td></tr>`
      );
    })
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${cells}</table>`;
}

/**
 * A block of the sender's own words, escaped, line breaks kept; the bar on the side lines start on. In a right to
 * left mail the words keep their own direction (a reviewer may have written in English).
 */
export function quote(text: string, language: Language = DEFAULT_LANGUAGE): string {
  const body = escapeHtml(text).replace(/\r?\n/g, '<br>');
  const { dir, start } = directions[language];
  return (
    `<blockquote${dir === 'rtl' ? ' dir="auto"' : ''} style="margin:0 0 16px;padding:12px 16px;border-${start}:4px solid ${BRAND_GREEN};` +
    `background-color:${PAGE};font-size:16px;line-height:1.5;color:${INK};">${body}</blockquote>`
  );
}

export interface LayoutInput {
  /** the document title; usually the subject */
  title: string;
  heading: string;
  /** the body, already HTML (built with the helpers above) */
  body: string;
  /** the preview line mail clients show next to the subject */
  preheader?: string;
  /** the language it is written in (English when not given) */
  language?: Language;
}

/**
 * The page around a mail's body. An Arabic one says `lang="ar" dir="rtl"` on the html element and again on the
 * content (which some clients keep when they drop the html element), aligned right; an English one is left to
 * right from the html element.
 */
export function renderLayout({
  title,
  heading,
  body,
  preheader,
  language = DEFAULT_LANGUAGE,
}: LayoutInput): string {
  const { dir } = directions[language];
  const hidden = preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${escapeHtml(preheader)}</div>`
    : '';
  const rtl = dir === 'rtl';
  const content = rtl ? ` lang="${language}" dir="rtl"` : '';
  const align = rtl ? 'text-align:right;' : '';
  const font = rtl ? FONT_ARABIC : FONT;
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background-color:${PAGE};">
${hidden}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:${PAGE};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"${content} style="max-width:560px;background-color:#FFFFFF;border-radius:8px;font-family:${font};${align}">
<tr><td style="background-color:${BRAND_GREEN};padding:20px 24px;border-radius:8px 8px 0 0;">
<span style="font-size:24px;font-weight:bold;color:${INK};">${PRODUCT_NAME}</span>
</td></tr>
<tr><td style="padding:32px 24px 16px;${align}">
<h1 style="margin:0 0 24px;font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 24px;background-color:${PAGE};border-top:1px solid #E4E7EB;border-radius:0 0 8px 8px;font-size:12px;line-height:1.5;color:${MUTED};text-align:center;">
${escapeHtml(common[language].footer)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The plain-text version: the paragraphs, then the same footer. */
export function renderText(paragraphs: string[], language: Language = DEFAULT_LANGUAGE): string {
  return `${paragraphs.join('\n\n')}\n\n--\n${common[language].footer}\n`;
}

export { formatUaeTime };

/** "Hi Omar," or, without a name, "Hello,". */
export function greeting(firstName: string | undefined, language: Language = DEFAULT_LANGUAGE): string {
  const name = firstName ? oneLine(firstName) : '';
  return name ? common[language].hi(name) : common[language].hello;
}
