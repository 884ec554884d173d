import {
  BRAND_GREEN,
  escapeHtml,
  highlight,
  link,
  mailtoLink,
  oneLine,
  paragraph,
  paragraphHtml,
  quote,
  renderLayout,
  renderText,
} from './layout';
import { DEFAULT_LANGUAGE, common, type Language } from './locale';
import type { RenderContext, RenderedEmail } from './types';

/**
 * One part of an e-mail, written once and shown in both versions, so the plain text and the HTML cannot drift
 * apart. The HTML is built with the escaping helpers of layout.ts.
 */
export interface Block {
  text: string;
  html: string;
}

/** A paragraph of (untrusted) text; line breaks in it are kept. */
export function say(text: string, style?: string): Block {
  return { text, html: paragraph(text, style) };
}

/** Someone's own words set apart (a reviewer's reason): `> ` lines in text, a quote block in HTML. */
export function quoted(text: string, language: Language = DEFAULT_LANGUAGE): Block {
  const lines = text.split(/\r?\n/).map((line) => `> ${line}`);
  return { text: lines.join('\n'), html: quote(text, language) };
}

/** A code to type in: indented in text, large and easy to copy in HTML. */
export function code(value: string): Block {
  return { text: `    ${value}`, html: highlight(value) };
}

/**
 * The one thing to do next: a button in HTML, "label: address" in text. The button is the accessible link
 * of layout.ts framed in the brand green (dark link text on white keeps AA contrast).
 */
export function action(label: string, href: string): Block {
  return {
    text: `${label}: ${href}`,
    html:
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;border-collapse:separate;"><tr>` +
      `<td style="padding:12px 20px;border:2px solid ${BRAND_GREEN};border-radius:6px;font-size:16px;font-weight:bold;">` +
      `${link(href, label)}</td></tr></table>`,
  };
}

/** Where to ask a person: SUPPORT_EMAIL, a mailto link in HTML. */
export function askSupport(context: RenderContext, language: Language = DEFAULT_LANGUAGE): Block {
  const lead = common[language].questions;
  return {
    text: `${lead}${context.supportEmail}.`,
    html: paragraphHtml(`${escapeHtml(lead)}${mailtoLink(context.supportEmail)}.`),
  };
}

/**
 * For a staff member told of a change to how their account signs in: if it was not theirs (`unless`, e.g. "If this
 * was not you"), an admin disables the account at once, and support hears of it.
 */
export function raiseTheAlarm(unless: string, context: RenderContext): Block {
  const lead = `${unless}, tell a Tullab administrator at once so they can disable your account, and `;
  const rest = 'write to us at ';
  return {
    text: `${lead}${rest}${context.supportEmail}.`,
    html: paragraphHtml(
      `<strong>${escapeHtml(lead)}</strong>${escapeHtml(rest)}${mailtoLink(context.supportEmail)}.`,
    ),
  };
}

/** An address on the product's site: PUBLIC_URL (with or without a trailing slash) followed by `path`. */
export function publicUrl(context: RenderContext, path: string): string {
  return `${context.publicUrl.replace(/\/+$/, '')}${path}`;
}

/** Back to the start of student verification (SPEC /student-verification: university e-mail or a document). */
export function verifyAgain(context: RenderContext, language: Language = DEFAULT_LANGUAGE): Block {
  return action(common[language].verifyAgain, publicUrl(context, '/student-verification'));
}

export interface Message {
  /** made one line here, whatever it contains */
  subject: string;
  heading: string;
  /** the preview line mail clients show next to the subject */
  preheader?: string;
  blocks: Block[];
  /** the language it is written in (English when not given): the layout's direction and footer */
  language?: Language;
}

/** The rendered e-mail: the blocks in order, as text and as HTML in the Tullab layout. */
export function composeEmail({ subject, heading, preheader, blocks, language }: Message): RenderedEmail {
  const line = oneLine(subject);
  return {
    subject: line,
    text: renderText(
      blocks.map((block) => block.text),
      language,
    ),
    html: renderLayout({
      title: line,
      heading,
      preheader,
      body: blocks.map((block) => block.html).join('\n'),
      language,
    }),
  };
}
