import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Identity } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import type { OffersContext } from '../../context';
import { rows } from '@tullab/db';
import { OfferSchema, type Offer } from '../offers/entities';
import { pauseOffer } from '../offers/service';
import { RedemptionSchema } from '../redemptions/entities';
import { claimCode, hasPool } from '../code-pool/pool';
import type { ReportDecision, ReportOutcome } from '@tullab/contracts';
import { CodeReportSchema, type CodeReport } from './entities';
import { getReport, type ReportRecord } from './records';

/** What the student is told, and what the report records, for each decision. */
const OUTCOME_OF: Record<ReportDecision, ReportOutcome> = {
  'fresh-code': 'fresh-code',
  'pause-offer': 'offer-paused',
  answer: 'answered',
};

/**
 * Hands the student the next code of the offer's pool: a new redemption, counted as any (`offer.redeemed`). 409 when
 * the offer has no pool or it is empty (staff import codes, or answer instead).
 */
async function freshCode(
  tx: EntityManager,
  offer: Offer,
  report: CodeReport,
  requestId: string | null,
): Promise<string> {
  if (offer.offerType !== 'discount' || !(await hasPool(tx, offer.id)))
    throw new HttpError(409, 'This offer has no code pool: answer the student or pause the offer instead');
  const { userId } = report;
  await rows(tx, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`redeem:${offer.id}:${userId}`]);
  const code = await claimCode(tx, offer.id, userId);
  if (!code)
    throw new HttpError(409, "This offer's code pool is empty: import codes first", {
      code: 'pool_exhausted',
    });
  const latest = await tx.findOne(
    RedemptionSchema,
    { offerId: offer.id, userId },
    { orderBy: { sequence: 'DESC' } },
  );
  const redemption = tx.create(RedemptionSchema, {
    id: randomUUID(),
    offerId: offer.id,
    userId,
    sequence: (latest?.sequence ?? 0) + 1,
    code,
    createdAt: new Date(),
  });
  addToOutbox(tx, 'offer.redeemed', { offerId: offer.id, userId, redemptionId: redemption.id }, requestId);
  return redemption.id;
}

/**
 * Staff decide about an open report (409 once answered): a fresh pool code for the student, the offer paused (as the
 * console's pause does, audited on the offer; an offer that is not live stays as it is), or an answer alone. The
 * decision is audited on the report, and the student is e-mailed the outcome with staff's message, in their language;
 * all in one transaction. A merchant decides only about their brand's offers (`brandId`, decision 016): another
 * brand's report is a 404, as an unknown one.
 */
export async function decideReport(
  ctx: OffersContext,
  id: string,
  decision: ReportDecision,
  message: string,
  actor: Identity,
  requestId: string | null,
  brandId?: string,
): Promise<ReportRecord> {
  const decided = await ctx.em.fork().transactional(async (tx) => {
    const report = await tx.findOne(CodeReportSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!report) throw new HttpError(404, 'Report not found');
    const offer = await tx.findOneOrFail(OfferSchema, { id: report.offerId });
    if (brandId !== undefined && offer.brandId !== brandId) throw new HttpError(404, 'Report not found');
    if (report.status !== 'open')
      throw new HttpError(409, 'This report was already answered', { code: 'already_reviewed' });
    if (decision === 'fresh-code') report.freshRedemptionId = await freshCode(tx, offer, report, requestId);
    let paused = false;
    if (decision === 'pause-offer' && offer.status === 'live') {
      await pauseOffer(tx, offer.id, actor, requestId);
      paused = true;
    }
    const outcome = OUTCOME_OF[decision];
    recordAudit(tx, actor, requestId, {
      action: `decide-${outcome}`,
      resource: 'code-reports',
      resourceId: report.id,
      subjectId: report.userId,
      fromStatus: report.status,
      toStatus: 'answered',
      reason: message,
    });
    Object.assign(report, {
      status: 'answered',
      outcome,
      answer: message,
      decidedBy: actor.userId,
      decidedAt: new Date(),
    });
    if (report.reporterEmail)
      addToOutbox(
        tx,
        'email.requested',
        {
          to: report.reporterEmail,
          // the student's: erased with their account, whatever address it went to (T23)
          userId: report.userId,
          template: 'code-report-answered',
          data: {
            ...(report.reporterFirstName ? { firstName: report.reporterFirstName } : {}),
            offerTitle: offer.title,
            brandName: offer.brandName,
            outcome,
            message,
          },
          language: report.language,
        },
        requestId,
      );
    await tx.flush();
    return { report, paused };
  });
  if (decided.paused) ctx.catalogue.invalidate();
  ctx.log.info({ reportId: id, outcome: decided.report.outcome, by: actor.userId }, 'code report decided');
  return getReport(ctx.em.fork(), id);
}
