import { notificationsAdmin, verificationAdmin } from '@tullab/contracts/route-table';

/**
 * The retention policies the console lists, by id (a policy record's `id`), each read and run at the routes the
 * service that keeps the data declares (`/api/admin/retention/<id>`, `…/run`).
 */
export const retentionPolicies = {
  documents: { read: verificationAdmin.documentsPolicy, run: verificationAdmin.runDocumentsPolicy },
  'orphaned-files': {
    read: verificationAdmin.orphanedFilesPolicy,
    run: verificationAdmin.runOrphanedFilesPolicy,
  },
  'mail-bodies': { read: notificationsAdmin.mailBodiesPolicy, run: notificationsAdmin.runMailBodiesPolicy },
  'contact-messages': {
    read: notificationsAdmin.contactMessagesPolicy,
    run: notificationsAdmin.runContactMessagesPolicy,
  },
  'webhook-deliveries': {
    read: notificationsAdmin.webhookDeliveriesPolicy,
    run: notificationsAdmin.runWebhookDeliveriesPolicy,
  },
} as const;

export type RetentionPolicyId = keyof typeof retentionPolicies;
