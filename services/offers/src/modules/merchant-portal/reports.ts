import type { EntityManager } from '@mikro-orm/core';
import type { MerchantCodeReport, MerchantReportAnswerBody } from '@tullab/contracts';
import { HttpError, type Identity } from '@tullab/http';
import type { OffersContext } from '../../context';
import { decideReport } from '../code-reports/decisions';
import { CodeReportSchema, type CodeReport } from '../code-reports/entities';
import { OfferSchema } from '../offers/entities';

/** A report as the brand sees it: what the student said about the code, never who they are (decision 016). */
function merchantReport(report: CodeReport, offerTitle: string): MerchantCodeReport {
  return {
    id: report.id,
    offerId: report.offerId,
    offerTitle,
    reason: report.reason,
    text: report.text ?? null,
    code: report.code ?? null,
    status: report.status,
    outcome: report.outcome ?? null,
    answer: report.answer ?? null,
    createdAt: report.createdAt.toISOString(),
    decidedAt: report.decidedAt ? report.decidedAt.toISOString() : null,
  };
}

/** The reports about the brand's offers (any status, or the one asked for), newest first. */
export async function listBrandReports(
  em: EntityManager,
  brandId: string,
  status?: MerchantCodeReport['status'],
): Promise<MerchantCodeReport[]> {
  const offers = await em.find(OfferSchema, { brandId }, { fields: ['id', 'title'] });
  const titles = new Map(offers.map((offer) => [offer.id, offer.title]));
  if (!titles.size) return [];
  const reports = await em.find(
    CodeReportSchema,
    { offerId: { $in: [...titles.keys()] }, ...(status ? { status } : {}) },
    { orderBy: { createdAt: 'DESC', id: 'ASC' } },
  );
  return reports.map((report) => merchantReport(report, titles.get(report.offerId)!));
}

async function brandReport(em: EntityManager, brandId: string, id: string): Promise<MerchantCodeReport> {
  const report = await em.findOne(CodeReportSchema, { id });
  const offer = report && (await em.findOne(OfferSchema, { id: report.offerId, brandId }));
  if (!report || !offer) throw new HttpError(404, 'Report not found');
  return merchantReport(report, offer.title);
}

/**
 * The merchant answers a report about one of their offers, as staff decide one (decisions.ts, scoped to the brand: a
 * report of another brand is a 404): an answer alone, or a fresh code of the pool with it. Audited with the merchant
 * as the actor; the student is e-mailed in their language. 409 once answered.
 */
export async function answerBrandReport(
  ctx: OffersContext,
  brandId: string,
  id: string,
  body: MerchantReportAnswerBody,
  actor: Identity,
  requestId: string | null,
): Promise<MerchantCodeReport> {
  await decideReport(ctx, id, body.outcome, body.message, actor, requestId, brandId);
  return brandReport(ctx.em.fork(), brandId, id);
}
