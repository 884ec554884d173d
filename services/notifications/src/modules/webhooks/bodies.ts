import type {
  ConnectRedeemedPayload,
  ConnectVerificationExpiredPayload,
  ConnectVerifiedPayload,
} from '@tullab/contracts';
import type { WebhookBody } from './entities';

/**
 * What a brand's webhook is told of each event (issue 30 point 5), as the Standard Webhooks specification shapes a
 * body: `type`, `timestamp` (when it happened) and `data`. `data` holds the app, the student's pairwise subject there
 * and the event's own ids and dates, nothing else: no name, e-mail, phone or student id, nor anything the student did
 * not agree to share with the brand (T38).
 */
export function verifiedBody(event: ConnectVerifiedPayload, timestamp: string): WebhookBody | null {
  // the brand chose "verification succeeded": an ID token saying the student is not verified is no such event
  if (!event.verified) return null;
  return {
    type: 'student.verified',
    timestamp,
    data: {
      app_id: event.appId,
      subject: event.subject,
      verified_until: event.verifiedUntil,
      offer_id: event.offerId,
    },
  };
}

export function redeemedBody(event: ConnectRedeemedPayload, timestamp: string): WebhookBody {
  return {
    type: 'redemption.created',
    timestamp,
    data: {
      app_id: event.appId,
      subject: event.subject,
      redemption_id: event.redemptionId,
      offer_id: event.offerId,
      redeemed_at: event.redeemedAt,
    },
  };
}

export function expiredBody(event: ConnectVerificationExpiredPayload, timestamp: string): WebhookBody {
  return {
    type: 'verification.expired',
    timestamp,
    data: { app_id: event.appId, subject: event.subject, expired_at: event.expiredAt },
  };
}
