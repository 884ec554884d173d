import { addToOutbox, type Handler } from '@tullab/events';
import { UserSchema } from '../users/entities';

/**
 * `saved-offer.ending` (from offers, decision 014): a student's saved offer ends within three days. Identity knows
 * whether they agreed to offer e-mails (`emailMarketing`), their address and their language, so it asks for the mail
 * here, only with that consent, only to a student whose account is in use, and only while the offer has not ended.
 * Offers publishes the event once per offer and student; processed_event makes a redelivery ask for nothing more.
 */
export const onSavedOfferEnding: Handler<'saved-offer.ending'> = async (payload, { em, envelope, log }) => {
  const user = await em.findOne(UserSchema, { id: payload.userId });
  const fields = { userId: payload.userId, offerId: payload.offerId };
  if (!user || user.role !== 'student' || user.deletedAt || user.disabledAt) {
    log.info(fields, 'saved offer ending: no student account in use; no mail');
    return;
  }
  if (!user.emailMarketing) {
    log.info(fields, 'saved offer ending: the student did not agree to offer e-mails; no mail');
    return;
  }
  if (Date.parse(payload.expiresAt) <= Date.now()) {
    log.info(fields, 'saved offer ending: the offer has ended already; no mail');
    return;
  }
  const offerTitle = user.language === 'ar' && payload.titleAr ? payload.titleAr : payload.title;
  addToOutbox(
    em,
    'email.requested',
    {
      to: user.email,
      userId: user.id,
      template: 'saved-offer-ending',
      data: {
        firstName: user.firstName,
        offerTitle,
        brandName: payload.brandName,
        expiresAt: payload.expiresAt,
        offerId: payload.offerId,
      },
      language: user.language,
    },
    envelope.requestId,
  );
  log.info(fields, 'saved offer ending: mail requested');
};
