import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { lockName, rows } from '@tullab/db';
import { addToOutbox } from '@tullab/events';
import type { Language, ReceivedFile } from '@tullab/http';
import type { OffersContext } from '../../context';
import { alertStaff } from '../../staff-alerts';
import { storeLogo } from '../logos/store';
import type { MerchantApplicationForm } from '@tullab/contracts';
import { MerchantApplicationSchema, type MerchantApplication } from './entities';

/** One confirmation per address a day: the public form must not let anyone flood a stranger's mailbox. */
const CONFIRMATION_WINDOW_HOURS = 24;

/**
 * Whether `email` has been sent an application confirmation within the window. The caller holds `lockName` on the
 * address, so two forms submitted at once cannot both mail it.
 */
async function confirmedRecently(em: EntityManager, email: string, now: Date): Promise<boolean> {
  const [row] = await rows<{ confirmed: boolean }>(
    em,
    `select exists (select 1 from merchant_application
       where lower(contact_email) = lower(?) and confirmation_emailed and created_at > ?) as confirmed`,
    [email, new Date(now.getTime() - CONFIRMATION_WINDOW_HOURS * 3600_000)],
  );
  return row.confirmed;
}

/**
 * Stores an application as `pending` (the logo first, then the row) and queues, with it, a staff alert linking to it
 * in the console and a confirmation to the applicant. The confirmation carries nothing the visitor typed and goes to
 * one address at most once a day (docs/security.md, "No mail relay"); a later application is stored and shown to
 * staff all the same, marked as not confirmed. `language` is the applicant's (their request's `Accept-Language`): it
 * is kept with the application, and every e-mail to them is written in it.
 */
export async function submitApplication(
  ctx: OffersContext,
  form: MerchantApplicationForm,
  file: ReceivedFile,
  language: Language,
  requestId: string | null,
): Promise<MerchantApplication> {
  const logo = await storeLogo(ctx.store, 'applications', file);
  return ctx.em.fork().transactional(async (em) => {
    const now = new Date();
    await lockName(em, `merchant-confirmation:${form.contactEmail.toLowerCase()}`);
    const confirm = !(await confirmedRecently(em, form.contactEmail, now));
    const application = em.create(MerchantApplicationSchema, {
      ...form,
      id: randomUUID(),
      logoKey: logo.key,
      logoContentType: logo.contentType,
      language,
      confirmationEmailed: confirm,
      status: 'pending',
      reason: null,
      offerId: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: now,
    });
    if (confirm)
      addToOutbox(
        em,
        'email.requested',
        { to: form.contactEmail, template: 'merchant-application-received', data: {}, language },
        requestId,
      );
    const unconfirmed = confirm ? '' : ' No confirmation was e-mailed: this address already had one today.';
    alertStaff(
      em,
      ctx.config.SUPPORT_EMAIL,
      {
        title: `New merchant application: ${form.brandName}`,
        message: `${form.contactName} (${form.contactEmail}) applied to list a ${form.offerType} offer for ${form.brandName} in ${form.brandCategory}.${unconfirmed}`,
        actionPath: `/admin#/merchant-applications/${application.id}/show`,
      },
      requestId,
    );
    await em.flush();
    return application;
  });
}
