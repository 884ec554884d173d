import { randomUUID } from 'node:crypto';
import { HttpError, type Identity, type Language } from '@tullab/http';
import type { OffersContext } from '../../context';
import { withinRate } from '../../http';
import { RedemptionSchema } from '../redemptions/entities';
import type { ReportBody } from '@tullab/contracts';
import { CodeReportSchema, type CodeReport } from './entities';

/** Reports per student per hour: each one reaches a staff queue. */
const REPORTS_PER_HOUR = 10;
const NOT_FOUND = 'Offer not found';

/**
 * `POST /offers/:id/reports`: a student reports that the code their latest redemption of the offer gave did not work.
 * 404 unless they revealed a code of that offer (any state of the offer: a paused one's code may have failed first);
 * 409 while their report about the same redemption is still open.
 */
export async function reportCode(
  ctx: OffersContext,
  offerId: string,
  body: ReportBody,
  actor: Identity,
  language: Language,
): Promise<CodeReport> {
  const userId = actor.userId!;
  const tooMany = 'Too many reports. Please try again later.';
  await withinRate(ctx.limiter, `report:${userId}`, REPORTS_PER_HOUR, 3600, tooMany);
  return ctx.em.fork().transactional(async (em) => {
    const redemption = await em.findOne(
      RedemptionSchema,
      { offerId, userId, code: { $ne: null } },
      { orderBy: { sequence: 'DESC' } },
    );
    if (!redemption) throw new HttpError(404, NOT_FOUND);
    const open = await em.count(CodeReportSchema, { redemptionId: redemption.id, status: 'open' });
    if (open)
      throw new HttpError(409, 'You already reported this code. Our team is looking into it.', {
        code: 'already_reported',
      });
    const report = em.create(CodeReportSchema, {
      id: randomUUID(),
      offerId,
      userId,
      redemptionId: redemption.id,
      code: redemption.code ?? null,
      reason: body.reason,
      text: body.text ?? null,
      reporterEmail: actor.email ?? null,
      reporterFirstName: actor.firstName ?? null,
      language,
      status: 'open',
      outcome: null,
      answer: null,
      freshRedemptionId: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: new Date(),
    });
    await em.flush();
    ctx.log.info({ reportId: report.id, offerId, studentId: userId, reason: body.reason }, 'code reported');
    return report;
  });
}
