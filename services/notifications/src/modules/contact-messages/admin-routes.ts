import type { FilterQuery } from '@mikro-orm/core';
import { Router } from 'express';
import { HttpError, parseListQuery, requireRole, sendList, type ListQueryOptions } from '@tullab/http';
import { z } from 'zod';
import type { NotificationsContext } from '../../context';
import { ContactMessageSchema, type ContactMessage } from './entities';
import { setHandled } from './service';

const listOptions: ListQueryOptions = {
  sortable: ['createdAt', 'status', 'email'],
  filterable: { status: 'in', createdAt_gte: 'gte', createdAt_lte: 'lte' },
  defaultSort: ['createdAt', 'DESC'],
  search: ['firstName', 'lastName', 'email', 'message'],
};

const idParams = z.object({ id: z.uuid('Not a valid contact message id') });

/**
 * A message as staff see it (the sender's address is kept for abuse handling, not shown; the account it is tied to is
 * for the sender's own export and erasure, T23).
 */
function toRecord({ ip: _ip, userId: _userId, ...fields }: ContactMessage) {
  return fields;
}

/** `/admin/contact-messages` (ra-data-simple-rest): staff read messages and mark them handled. */
export function contactAdminRoutes({ em }: NotificationsContext): Router {
  const router = Router();
  router.use('/admin/contact-messages', requireRole('staff', 'admin'));

  router.get('/admin/contact-messages', async (req, res) => {
    const query = parseListQuery(req.query, listOptions);
    const [rows, total] = await em.findAndCount(
      ContactMessageSchema,
      query.where as FilterQuery<ContactMessage>,
      {
        orderBy: query.orderBy,
        offset: query.offset,
        limit: query.limit,
      },
    );
    sendList(res, 'contact-messages', rows.map(toRecord), total, query.offset);
  });

  router.get('/admin/contact-messages/:id', async (req, res) => {
    const { id } = idParams.parse(req.params);
    const message = await em.findOne(ContactMessageSchema, { id });
    if (!message) throw new HttpError(404, 'Contact message not found');
    res.json(toRecord(message));
  });

  router.post('/admin/contact-messages/:id/handle', async (req, res) => {
    const { id } = idParams.parse(req.params);
    res.json(toRecord(await setHandled(em, id, true, req.identity.userId as string)));
  });

  router.post('/admin/contact-messages/:id/reopen', async (req, res) => {
    const { id } = idParams.parse(req.params);
    res.json(toRecord(await setHandled(em, id, false, req.identity.userId as string)));
  });

  return router;
}
