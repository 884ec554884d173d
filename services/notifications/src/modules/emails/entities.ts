import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { emailStatuses, type EmailTemplate } from '@tullab/contracts';
import { languages } from '@tullab/http';

export { emailStatuses, type EmailStatus } from '@tullab/contracts';

/**
 * One outgoing e-mail, recorded by the `email.requested` consumer (id = the event id) and sent by the dispatcher.
 * `data` holds display values only; secret values (a code) stay sealed in `sealed` until the mail left, then it is null.
 */
export const EmailSchema = defineEntity({
  name: 'Email',
  tableName: 'email',
  properties: {
    id: p.uuid().primary(),
    recipient: p.string(),
    template: p.string().$type<EmailTemplate>(),
    data: p.json<Record<string, string>>(),
    sealed: p.text().nullable(),
    replyTo: p.string().nullable(),
    /** the recipient's language (issue 12): the mail is rendered in it at every attempt, a staff retry included */
    language: p.enum([...languages]).default('en'),
    /** the request id of the event that asked for the mail: the dispatcher's lines about it carry it */
    requestId: p.string().nullable(),
    /** the account the mail is to, as its producer named it (T23): a student's export and erasure reach it by this */
    userId: p.uuid().nullable(),
    /** the student a mail to staff names (a staff alert, a contact message's copy): their erasure empties it (T23) */
    aboutUserId: p.uuid().nullable(),
    status: p.enum([...emailStatuses]),
    attempts: p.integer(),
    lastError: p.text().nullable(),
    nextAttemptAt: p.datetime(),
    expiresAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    /** when the body (`data`, `replyTo`) of this delivered, failed or expired mail was erased (decision 010) */
    bodyErasedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    /** when the row last changed; set by the database (trigger `email_touch`), never by the code */
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
export type Email = InferEntity<typeof EmailSchema>;
