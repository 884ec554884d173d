import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { link, mailtoLink, paragraph, paragraphHtml, renderLayout, renderText } from './layout';
import { publicUrl } from './compose';
import { common, formatUaeTime, type Language } from './locale';
import { defineTemplate } from './types';

/**
 * What the mail says. `when` is the time in UAE time, when the event gave one. The last sentence exists twice: as
 * text with the addresses written out, and as HTML around a link (`reset`, given its words) and a mailto link.
 */
const en = {
  subject: 'Your Tullab password was changed',
  heading: 'Your password was changed',
  preheader: 'If this was not you, reset your password now.',
  done: (when?: string) =>
    `The password of your Tullab account was changed${when ? ` on ${when}` : ''}. ` +
    'You have been signed out on every device.',
  ok: 'If this was you, there is nothing else to do.',
  notYouText: (resetUrl: string, support: string) =>
    `If this was not you, reset your password now at ${resetUrl} and contact support at ${support}.`,
  notYouHtml: (reset: (words: string) => string, support: string) =>
    `<strong>If this was not you</strong>, ${reset('reset your password')} now and contact support at ${support}.`,
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: 'تم تغيير كلمة المرور لحسابك في Tullab',
    heading: 'تم تغيير كلمة المرور',
    preheader: 'إذا لم تكن أنت من غيّرها، فأعد تعيين كلمة المرور الآن.',
    done: (when) =>
      `تم تغيير كلمة المرور لحسابك في Tullab${when ? ` بتاريخ ${when}` : ''}، ` +
      'وسُجّل خروجك من جميع الأجهزة.',
    ok: 'إذا كنت أنت من غيّرها، فلا حاجة إلى أي إجراء آخر.',
    notYouText: (resetUrl, support) =>
      `إذا لم تكن أنت من غيّرها، فبادر الآن إلى إعادة تعيين كلمة المرور عبر ${resetUrl} ` +
      `وتواصل مع فريق الدعم على ${support}.`,
    notYouHtml: (reset, support) =>
      `<strong>إذا لم تكن أنت من غيّرها</strong>، فبادر الآن إلى ${reset('إعادة تعيين كلمة المرور')} ` +
      `وتواصل مع فريق الدعم على ${support}.`,
  },
};

/** Sent after a password reset or change (SECURITY S20, S36): says so, and what to do if it was not the user. */
export const passwordChanged = defineTemplate({
  /** no name: the account's owner may never have proven the address is theirs (docs/security.md, "No mail relay") */
  data: emailTemplateData['password-changed'],
  secrets: z.object({}),
  render({ data, context, language }) {
    const t = texts[language];
    const when = data.changedAt ? formatUaeTime(new Date(data.changedAt), language) : undefined;
    const resetUrl = publicUrl(context, '/forgot-password');
    const lines = { hello: common[language].hello, done: t.done(when), ok: t.ok };
    return {
      subject: t.subject,
      text: renderText(
        [lines.hello, lines.done, lines.ok, t.notYouText(resetUrl, context.supportEmail)],
        language,
      ),
      html: renderLayout({
        title: t.subject,
        heading: t.heading,
        preheader: t.preheader,
        body: [
          paragraph(lines.hello),
          paragraph(lines.done),
          paragraph(lines.ok),
          paragraphHtml(t.notYouHtml((words) => link(resetUrl, words), mailtoLink(context.supportEmail))),
        ].join('\n'),
        language,
      }),
    };
  },
});
