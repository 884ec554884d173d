import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { HttpError, type ListQuery } from '@tullab/http';
import { rows } from '@tullab/db';
import { OfferSchema } from '../offers/entities';
import { isFlagged, openReportCounts } from '../offers/report-counts';
import { RedemptionSchema } from '../redemptions/entities';
import type { CodeReportAnswer, CodeReportSummary } from '@tullab/contracts';
import { CodeReportSchema, type CodeReport } from './entities';

/** A report as staff see it: the student's code, the offer it is about, and what was decided. */
export type ReportRecord = CodeReportAnswer<Date>;

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
export type ReportCounts = CodeReportSummary;

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
