import { emailTemplateData } from '@tullab/contracts';
import { z } from 'zod';
import { action, composeEmail, publicUrl, say } from './compose';
import { common, documentLabel, type Language } from './locale';
import { defineTemplate } from './types';

/** What the mail says; `document` is the document type's label in the mail's language. */
const en = {
  subject: 'We received your Tullab verification document',
  heading: 'Document received',
  preheader: 'Our team will review it within 24 hours.',
  thanks: (document: string) => `Thank you for uploading your ${document}. We have received it safely.`,
  review: 'Our team will review it within 24 hours (usually 12–24 hours).',
  next: 'We will e-mail you as soon as your student status is approved. There is nothing else you need to do until then.',
  status: 'See your verification status',
};

const texts: Record<Language, typeof en> = {
  en,
  ar: {
    subject: 'استلمنا مستند التحقق الخاص بك على Tullab',
    heading: 'تم استلام المستند',
    preheader: 'سيراجعه فريقنا خلال 24 ساعة.',
    thanks: (document) => `شكراً لك على رفع ${document}، وقد وصلنا المستند بأمان.`,
    review: 'سيراجع فريقنا المستند خلال 24 ساعة (وغالباً ما تستغرق المراجعة من 12 إلى 24 ساعة).',
    next: 'سنراسلك فور اعتماد صفتك الطلابية، ولا يلزمك فعل أي شيء آخر حتى ذلك الحين.',
    status: 'تابع حالة التحقق',
  },
};

/**
 * Confirms a document upload (SPEC: manual review within 24 hours, 12–24 hours typical, an e-mail on approval), so
 * the student knows it arrived and does not upload it again.
 */
export const verificationDocumentReceived = defineTemplate({
  /**
   * no name: the account is not verified yet (docs/security.md, "No mail relay"). `documentType` is verification's
   * code (`student_id`, …), shown as its label in the mail's language; a label (an older event) is shown as given.
   */
  data: emailTemplateData['verification-document-received'],
  secrets: z.object({}),
  render({ data, context, language }) {
    const t = texts[language];
    return composeEmail({
      language,
      subject: t.subject,
      heading: t.heading,
      preheader: t.preheader,
      blocks: [
        say(common[language].hello),
        say(t.thanks(documentLabel(data.documentType, language))),
        say(t.review),
        say(t.next),
        action(t.status, publicUrl(context, '/dashboard')),
      ],
    });
  },
});
