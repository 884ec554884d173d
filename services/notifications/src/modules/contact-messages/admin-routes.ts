import type { FilterQuery } from '@mikro-orm/core';
import { Router } from 'express';
import { notificationsAdmin } from '@tullab/contracts';
import { bindRoute, HttpError } from '@tullab/http';
import type { NotificationsContext } from '../../context';
import { ContactMessageSchema, type ContactMessage } from './entities';
import { setHandled } from './service';

const { routes } = notificationsAdmin;

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

  bindRoute(router, routes.contactMessages, async ({ list }) => {
    const [rows, total] = await em.findAndCount(
      ContactMessageSchema,
      list.where as FilterQuery<ContactMessage>,
      {
        orderBy: list.orderBy,
        offset: list.offset,
        limit: list.limit,
      },
    );
    return { items: rows.map(toRecord), total };
  });

  bindRoute(router, routes.contactMessage, async ({ params }) => {
    const message = await em.findOne(ContactMessageSchema, { id: params.id });
    if (!message) throw new HttpError(404, 'Contact message not found');
    return toRecord(message);
  });

  bindRoute(router, routes.handleContactMessage, async ({ params }, req) =>
    toRecord(await setHandled(em, params.id, true, req.identity.userId as string)),
  );

  bindRoute(router, routes.reopenContactMessage, async ({ params }, req) =>
    toRecord(await setHandled(em, params.id, false, req.identity.userId as string)),
  );

  return router;
}
