import type { FilterQuery } from '@mikro-orm/core';
import { Router } from 'express';
import {
  HttpError,
  parseListQuery,
  requireRole,
  sendList,
  type ListQueryOptions,
  requestIdOf,
} from '@tullab/http';
import { z } from 'zod';
import type { NotificationsContext } from '../../context';
import { retryEmail, toEmailRecord } from './admin-service';
import { EmailSchema, type Email } from './entities';

const listOptions: ListQueryOptions = {
  sortable: ['createdAt', 'updatedAt', 'sentAt', 'status', 'attempts', 'recipient', 'template'],
  filterable: { status: 'in', template: 'in', createdAt_gte: 'gte', createdAt_lte: 'lte' },
  defaultSort: ['createdAt', 'DESC'],
  search: ['recipient'],
};

const idParams = z.object({ id: z.uuid('Not a valid e-mail id') });

/**
 * `/admin/emails` (ra-data-simple-rest), staff and admins: every outgoing mail, newest first, filtered by status
 * (`failed`: refused for good by the SMTP server or unrenderable; `pending`: waiting or being retried), with its
 * last error; and `POST /admin/emails/:id/retry`, which puts a failed mail back for the dispatcher to send (409 for
 * any other, or for one that cannot be sent again), audited. Records never carry a mail's body or secret values.
 */
export function emailAdminRoutes({ em, log, render }: NotificationsContext): Router {
  const router = Router();
  router.use('/admin/emails', requireRole('staff', 'admin'));

  router.get('/admin/emails', async (req, res) => {
    const query = parseListQuery(req.query, listOptions);
    const [rows, total] = await em.findAndCount(EmailSchema, query.where as FilterQuery<Email>, {
      orderBy: query.orderBy,
      offset: query.offset,
      limit: query.limit,
    });
    const now = new Date();
    sendList(
      res,
      'emails',
      rows.map((row) => toEmailRecord(row, render, now)),
      total,
      query.offset,
    );
  });

  router.get('/admin/emails/:id', async (req, res) => {
    const { id } = idParams.parse(req.params);
    const email = await em.findOne(EmailSchema, { id });
    if (!email) throw new HttpError(404, 'E-mail not found');
    res.json(toEmailRecord(email, render));
  });

  router.post('/admin/emails/:id/retry', async (req, res) => {
    const { id } = idParams.parse(req.params);
    const email = await retryEmail(em, id, req.identity, requestIdOf(req));
    log.info(
      { emailId: id, template: email.template, staffId: req.identity.userId, role: req.identity.role },
      'failed email put back for sending by staff',
    );
    res.json(toEmailRecord(email, render));
  });

  return router;
}
