import { addToOutbox, type Handler } from '@tullab/events';
import { lockName } from '@tullab/db';
import { recordErasure } from '@tullab/audit-log';
import type { ObjectStore } from '@tullab/storage';
import { EmailCodeSchema } from '../email-codes/entities';
import { provedStudentEmails } from '../email-codes/proved';
import { VerificationRequestSchema } from '../requests/entities';
import { StudentStatusSchema } from '../students/entities';

/**
 * `account.deleted` (decision 009): verification erases what it holds about the person. Every document object goes
 * from the bucket first (a store that is down fails the job, which is retried: nothing is committed until they are
 * gone, and removing a missing object succeeds); then each request keeps only what staff statistics need (method,
 * status, dates, institution, document type and size) and loses the student e-mail, the object key, the file name,
 * the personal e-mail, the name and the staff reason, and the domain of an address no institution owns (it may be the
 * person's own); an open request is cancelled; the codes and the student's status go (which frees the university
 * address for another account). The student e-mails the person proved with a code are named, before their codes go,
 * in `verification.student_emails_erased` for notifications to erase the mail to them (T23). The step is audited with
 * who deleted the account.
 */
export function onAccountDeleted(documents: ObjectStore, supportEmail: string): Handler<'account.deleted'> {
  return async ({ userId, actor }, { em, envelope, log }) => {
    await lockName(em, userId);
    const provedEmails = await provedStudentEmails(em, userId, supportEmail);
    const requests = await em.find(VerificationRequestSchema, { userId });
    const keys = requests.map((request) => request.documentKey).filter((key): key is string => !!key);
    for (const key of keys) await documents.remove(key);
    const now = new Date();
    for (const request of requests) {
      if (request.documentKey) request.documentDeletedAt ??= now;
      Object.assign(request, {
        studentEmail: null,
        documentKey: null,
        documentName: null,
        personalEmail: '',
        firstName: '',
        reason: null,
        updatedAt: now,
      });
      if (!request.domainRecognised) request.emailDomain = null;
      if (request.status === 'pending' || request.status === 'awaiting_code') request.status = 'cancelled';
    }
    const codes = await em.nativeDelete(EmailCodeSchema, { userId });
    const statuses = await em.nativeDelete(StudentStatusSchema, { userId });
    if (provedEmails.length)
      addToOutbox(
        em,
        'verification.student_emails_erased',
        { userId, provedEmails, actor },
        envelope.requestId,
      );
    // how many of each were held about the person before, and are after
    recordErasure(em, actor, envelope.requestId, userId, 'erased', {
      storedDocuments: keys.length,
      emailCodes: codes,
      studentStatus: statuses,
    });
    log.info(
      { userId, requests: requests.length, documents: keys.length, codes },
      'personal data erased after account deletion',
    );
  };
}
