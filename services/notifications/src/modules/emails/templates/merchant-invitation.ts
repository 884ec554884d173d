import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, askSupport, composeEmail, publicUrl, say } from './compose';
import { greeting } from './layout';
import type { Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; `hours` is how long the link is valid (identity's MERCHANT_INVITATION_HOURS). */
const en = {
  subject: (brand: string) => `Set up your ${brand} account on Tullab`,
  heading: 'Welcome to the Tullab merchant portal',
  preheader: (hours: string) => `Your invitation is valid for ${hours} hours.`,
  approved: (brand: string) =>
    `${brand} is now a Tullab partner. You are invited to its merchant account, where you can follow how ` +
    'students view and redeem your offers, manage your codes and answer their reports.',
  invitedBy: (name: string, brand: string) =>
    `${name} invited you to the ${brand} merchant account on Tullab, where you can follow how students view and ` +
    'redeem your offers, manage your codes and answer their reports.',
  accept: 'Set your password',
  validity: (hours: string) =>
    `The link is valid for ${hours} hours and can be used once. There you will choose the password you sign in with.`,
  ignore: 'If you did not expect this invitation, you can safely ignore this e-mail.',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: (brand) => `أنشئ حساب ${brand} على Tullab`,
    heading: 'أهلاً بك في بوابة الشركاء على Tullab',
    preheader: (hours) => `دعوتك صالحة لمدة ${hours} ساعة.`,
    approved: (brand) =>
      `أصبحت ${brand} شريكاً في Tullab. ندعوك إلى حسابها التجاري، حيث تتابع كيف يشاهد الطلاب عروضك ويستفيدون ` +
      'منها، وتدير أكوادك، وترد على بلاغاتهم.',
    invitedBy: (name, brand) =>
      `دعاك ${name} إلى الحساب التجاري لـ ${brand} على Tullab، حيث تتابع كيف يشاهد الطلاب عروضك ويستفيدون منها، ` +
      'وتدير أكوادك، وترد على بلاغاتهم.',
    accept: 'عيّن كلمة المرور',
    validity: (hours) =>
      `الرابط صالح لمدة ${hours} ساعة، ويمكن استخدامه مرة واحدة فقط. ستختار هناك كلمة المرور التي تسجّل الدخول بها.`,
    ignore: 'إذا لم تكن تتوقع هذه الدعوة، فيمكنك تجاهل هذه الرسالة بأمان.',
  },
};

/**
 * A brand's contact (its application was approved) or a colleague was invited to the brand's merchant account
 * (decision 016). Identity seals `{ token }` (32 random bytes in base64url, the invitation's only secret) and sets
 * `expiresAt`; the link opens the merchant area's accept page, where they choose a password and are signed in.
 */
export const merchantInvitation = defineTemplate({
  data: emailTemplateData['merchant-invitation'],
  secrets: z.object({
    token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be a base64url token'),
  }),
  render({ data, secrets, context, language }) {
    const t = texts[language];
    const acceptUrl = publicUrl(
      context,
      `/merchant/accept-invitation?token=${encodeURIComponent(secrets.token)}`,
    );
    return composeEmail({
      language,
      subject: t.subject(data.brandName),
      heading: t.heading,
      preheader: t.preheader(data.expiresHours),
      blocks: [
        say(greeting(data.firstName, language)),
        say(data.invitedBy ? t.invitedBy(data.invitedBy, data.brandName) : t.approved(data.brandName)),
        action(t.accept, acceptUrl),
        say(t.validity(data.expiresHours), 'font-weight:bold;'),
        say(t.ignore),
        askSupport(context, language),
      ],
    });
  },
});
