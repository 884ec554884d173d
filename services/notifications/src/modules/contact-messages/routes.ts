import { Router } from 'express';
import { contact } from '@tullab/contracts';
import { bindRoute, HttpError, requestIdOf } from '@tullab/http';
import { rateSubject } from '@tullab/rate-limits';
import type { NotificationsContext } from '../../context';
import { sendContactMessage } from './service';

export const TOO_MANY_MESSAGES = 'Too many messages. Please try again later.';

/**
 * `POST /contact` (the gateway's `POST /api/contact`): anyone, visitors included; limited per signed-in user, or per
 * address for visitors.
 */
export function contactRoutes(ctx: NotificationsContext): Router {
  const { config, em, limiter, log } = ctx;
  const router = Router();

  bindRoute(router, contact.routes.send, async ({ body }, req) => {
    const ip = req.identity.ip || req.ip || 'unknown';
    const subject = rateSubject({ userId: req.identity.userId, ip });
    const decision = await limiter.hit(
      `contact:${subject}`,
      config.CONTACT_RATE_LIMIT,
      config.CONTACT_RATE_WINDOW_SECONDS,
    );
    if (!decision.allowed) {
      throw new HttpError(429, TOO_MANY_MESSAGES, {
        headers: { 'Retry-After': String(decision.retryAfter) },
      });
    }
    const reqId = requestIdOf(req);
    const message = await sendContactMessage(em, body, {
      supportEmail: config.SUPPORT_EMAIL,
      ip,
      userId: req.identity.userId,
      requestId: reqId,
    });
    log.info({ contactMessageId: message.id, emailId: message.emailId, reqId }, 'contact message stored');
    // hands its e-mail to the queue now rather than at the relay's next tick
    ctx.relayNow();
    return { message: 'Message sent' };
  });

  return router;
}
