import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Identity, type Language, type ListQuery } from '@tullab/http';
import { recordAudit } from '@tullab/runtime';
import type { OffersContext } from '../../context';
import { withinRate } from '../../http';
import { rows } from '../../sql';
import { OfferSchema, type Offer } from '../offers/entities';
import { pauseOffer } from '../offers/service';
import { RedemptionSchema } from '../redemptions/entities';
import { claimCode, hasPool } from '../redemptions/pool';
import { CodeReportSchema, type CodeReport, type ReportOutcome } from './entities';
import { FLAG_AT_OPEN_REPORTS, type Decision, type ReportBody } from './schemas';

/** Reports per student per hour: each one reaches a staff queue. */
const REPORTS_PER_HOUR = 10;
const NOT_FOUND = 'Offer not found';

/** What the student is told, and what the report records, for each decision. */
const OUTCOME_OF: Record<Decision, ReportOutcome> = {
  'fresh-code': 'fresh-code',
  'pause-offer': 'offer-paused',
  answer: 'answered',
};

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
    if (open) throw new HttpError(409, 'You already reported this code. Our team is looking into it.');
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

/** A report as staff see it: the student's code, the offer it is about, and what was decided. */
export interface ReportRecord {
  id: string;
  offerId: string;
  offerTitle: string | null;
  brandName: string | null;
  offerStatus: string | null;
  /** open reports of the offer, and whether that flags it */
  offerReportsOpen: number;
  offerFlagged: boolean;
  userId: string;
  redemptionId: string;
  code: string | null;
  reason: CodeReport['reason'];
  text: string | null;
  reporterEmail: string | null;
  reporterFirstName: string | null;
  language: Language;
  status: CodeReport['status'];
  outcome: ReportOutcome | null;
  answer: string | null;
  freshCode: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

/** How many open reports each offer has (absent: none). */
export async function openReportCounts(em: EntityManager, offerIds: string[]): Promise<Map<string, number>> {
  const found = offerIds.length
    ? await rows<{ offer_id: string; open: string }>(
        em,
        `select offer_id, count(*) as open from code_report where status = 'open' and offer_id in (?) group by offer_id`,
        [offerIds],
      )
    : [];
  return new Map(found.map((row) => [row.offer_id, Number(row.open)]));
}

export const isFlagged = (open: number) => open >= FLAG_AT_OPEN_REPORTS;

async function toRecords(em: EntityManager, reports: CodeReport[]): Promise<ReportRecord[]> {
  const offerIds = [...new Set(reports.map((report) => report.offerId))];
  const offers = new Map(
    (await em.find(OfferSchema, { id: { $in: offerIds } })).map((offer) => [offer.id, offer]),
  );
  const open = await openReportCounts(em, offerIds);
  const freshIds = reports.flatMap((report) => (report.freshRedemptionId ? [report.freshRedemptionId] : []));
  const fresh = new Map(
    (freshIds.length ? await em.find(RedemptionSchema, { id: { $in: freshIds } }) : []).map((r) => [
      r.id,
      r.code ?? null,
    ]),
  );
  return reports.map((report) => {
    const offer = offers.get(report.offerId);
    const offerReportsOpen = open.get(report.offerId) ?? 0;
    return {
      id: report.id,
      offerId: report.offerId,
      offerTitle: offer?.title ?? null,
      brandName: offer?.brandName ?? null,
      offerStatus: offer?.status ?? null,
      offerReportsOpen,
      offerFlagged: isFlagged(offerReportsOpen),
      userId: report.userId,
      redemptionId: report.redemptionId,
      code: report.code ?? null,
      reason: report.reason,
      text: report.text ?? null,
      reporterEmail: report.reporterEmail ?? null,
      reporterFirstName: report.reporterFirstName ?? null,
      language: report.language,
      status: report.status,
      outcome: report.outcome ?? null,
      answer: report.answer ?? null,
      freshCode: report.freshRedemptionId ? (fresh.get(report.freshRedemptionId) ?? null) : null,
      decidedBy: report.decidedBy ?? null,
      decidedAt: report.decidedAt ?? null,
      createdAt: report.createdAt,
    };
  });
}

export async function listReports(
  em: EntityManager,
  query: ListQuery,
): Promise<{ items: ReportRecord[]; total: number }> {
  const [reports, total] = await em.findAndCount(CodeReportSchema, query.where as FilterQuery<CodeReport>, {
    orderBy: query.orderBy,
    offset: query.offset,
    limit: query.limit,
  });
  return { items: await toRecords(em, reports), total };
}

export async function getReport(em: EntityManager, id: string): Promise<ReportRecord> {
  const report = await em.findOne(CodeReportSchema, { id });
  if (!report) throw new HttpError(404, 'Report not found');
  return (await toRecords(em, [report]))[0];
}

/** The dashboard's counts: open reports, and the offers they flag (most reported first). */
export interface ReportCounts {
  open: number;
  flaggedOffers: number;
  flagged: Array<{ offerId: string; title: string; brandName: string; reportsOpen: number }>;
}

export async function reportCounts(em: EntityManager): Promise<ReportCounts> {
  const perOffer = await rows<{ offer_id: string; open: string; title: string; brand_name: string }>(
    em,
    `select r.offer_id, count(*) as open, o.title, o.brand_name
     from code_report r join offer o on o.id = r.offer_id
     where r.status = 'open' group by r.offer_id, o.title, o.brand_name order by count(*) desc, o.title`,
  );
  const flagged = perOffer
    .filter((row) => isFlagged(Number(row.open)))
    .map((row) => ({
      offerId: row.offer_id,
      title: row.title,
      brandName: row.brand_name,
      reportsOpen: Number(row.open),
    }));
  return {
    open: perOffer.reduce((sum, row) => sum + Number(row.open), 0),
    flaggedOffers: flagged.length,
    flagged,
  };
}

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
  if (!code) throw new HttpError(409, "This offer's code pool is empty: import codes first");
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
 * all in one transaction.
 */
export async function decideReport(
  ctx: OffersContext,
  id: string,
  decision: Decision,
  message: string,
  actor: Identity,
  requestId: string | null,
): Promise<ReportRecord> {
  const decided = await ctx.em.fork().transactional(async (tx) => {
    const report = await tx.findOne(CodeReportSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!report) throw new HttpError(404, 'Report not found');
    if (report.status !== 'open') throw new HttpError(409, 'This report was already answered');
    const offer = await tx.findOneOrFail(OfferSchema, { id: report.offerId });
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
