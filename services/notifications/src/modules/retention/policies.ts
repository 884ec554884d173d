import type { RetentionPolicy } from '@tullab/retention';
import type { Config } from '../../config';
import { contactMessageRetention, mailBodyRetention } from './service';
import { webhookDeliveryRetention } from './webhook-deliveries';

/** Notifications' retention policies: scheduled, and shown to staff at `/admin/retention/<id>`. */
export const retentionPolicies = (config: Config): RetentionPolicy[] => [
  mailBodyRetention(config.MAIL_BODY_RETENTION_DAYS),
  contactMessageRetention(config.CONTACT_MESSAGE_RETENTION_DAYS),
  webhookDeliveryRetention(config.WEBHOOK_DELIVERY_RETENTION_DAYS),
];
