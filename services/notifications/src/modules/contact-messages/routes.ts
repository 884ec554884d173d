import type { EntityManager } from '@mikro-orm/core';
import { Router } from 'express';
import { HttpError, rateSubject, type Logger, type RateLimiter } from '@tullab/http';
import { contactMessageBody } from './schemas';
import { sendContactMessage } from './service';

export interface ContactRoutesOptions {
  /** `orm.em`: inside a request it is the request's own EntityManager (RequestContext) */
  em: EntityManager;
  limiter: RateLimiter;
  /** called once a message is stored: hands its e-mail to the queue now rather than at the relay's next tick */
  onStored: () => void;
  log: Logger;
  supportEmail: string;
  /** messages per client IP per window */
  limit: number;
  windowSeconds: number;
}

export const TOO_MANY_MESSAGES = 'Too many messages. Please try again later.';

/**
 * `POST /contact` (the gateway's `POST /api/contact`): anyone, visitors included; limited per signed-in user, or per
 * address for visitors.
 */
export function contactRoutes(options: ContactRoutesOptions): Router {
  const router = Router();

  router.post('/contact', async (req, res) => {
    const body = contactMessageBody.parse(req.body);
    const ip = req.identity.ip || req.ip || 'unknown';
    const subject = rateSubject({ userId: req.identity.userId, ip });
    const decision = await options.limiter.hit(`contact:${subject}`, options.limit, options.windowSeconds);
    if (!decision.allowed) {
      throw new HttpError(429, TOO_MANY_MESSAGES, undefined, { 'Retry-After': String(decision.retryAfter) });
    }
    const requestId = res.getHeader('x-request-id');
    const reqId = typeof requestId === 'string' ? requestId : null;
    const message = await sendContactMessage(options.em, body, {
      supportEmail: options.supportEmail,
      ip,
      requestId: reqId,
    });
    options.log.info(
      { contactMessageId: message.id, emailId: message.emailId, reqId },
      'contact message stored',
    );
    options.onStored();
    res.status(201).json({ message: 'Message sent' });
  });

  return router;
}
