import type { FilterQuery } from '@mikro-orm/core';
import { Router } from 'express';
import { notificationsAdmin } from '@tullab/contracts';
import { bindRoute, HttpError, requestIdOf } from '@tullab/http';
import type { NotificationsContext } from '../../context';
import { retryEmail, toEmailRecord } from './admin-service';
import { EmailSchema, type Email } from './entities';

const { routes } = notificationsAdmin;

/**
 * `/admin/emails` (ra-data-simple-rest), staff and admins: every outgoing mail, newest first, filtered by status
 * (`failed`: refused for good by the SMTP server or unrenderable; `pending`: waiting or being retried), with its
 * last error; and `POST /admin/emails/:id/retry`, which puts a failed mail back for the dispatcher to send (409 for
 * any other, or for one that cannot be sent again), audited. Records never carry a mail's body or secret values.
 */
export function emailAdminRoutes({ em, log, render }: NotificationsContext): Router {
  const router = Router();

  bindRoute(router, routes.emails, async ({ list }) => {
    const [rows, total] = await em.findAndCount(EmailSchema, list.where as FilterQuery<Email>, {
      orderBy: list.orderBy,
      offset: list.offset,
      limit: list.limit,
    });
    const now = new Date();
    return { items: rows.map((row) => toEmailRecord(row, render, now)), total };
  });

  bindRoute(router, routes.email, async ({ params }) => {
    const email = await em.findOne(EmailSchema, { id: params.id });
    if (!email) throw new HttpError(404, 'E-mail not found');
    return toEmailRecord(email, render);
  });

  bindRoute(router, routes.retryEmail, async ({ params }, req) => {
    const email = await retryEmail(em, params.id, req.identity, requestIdOf(req));
    log.info(
      { emailId: params.id, template: email.template, staffId: req.identity.userId, role: req.identity.role },
      'failed email put back for sending by staff',
    );
    return toEmailRecord(email, render);
  });

  return router;
}
