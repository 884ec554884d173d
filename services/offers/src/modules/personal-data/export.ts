import type { EntityManager } from '@mikro-orm/core';
import { HttpError, type Identity } from '@tullab/http';
import { rows } from '@tullab/db';

/**
 * Offers' part of a student's data export (decision 009): each redemption with its offer and the code or referral
 * link it revealed, the offers they count among the uses of, and the tracked actions still tied to them (kept for the
 * last three days only, decision 008; older ones are counted without anyone's id), and the institution they are counted
 * at in brands' figures (decision 016), and what brands' checkouts redeemed for them with the orders they reported
 * (issue 30).
 */
export async function exportOffers(em: EntityManager, userId: string, caller: Identity) {
  if (caller.userId !== userId && caller.role !== 'admin') throw new HttpError(403, 'Forbidden');
  const [redemptions, engagements, tracked, saved, reports, institution, checkouts] = await Promise.all([
    rows<Record<string, unknown>>(
      em,
      `select r.id, r.offer_id as "offerId", o.title as "offerTitle", o.brand_name as "brandName",
              o.offer_type as "offerType", r.sequence, r.code,
              case when o.offer_type = 'referral' then o.referral_link end as "referralLink",
              r.created_at as "redeemedAt"
         from redemption r join offer o on o.id = r.offer_id
        where r.user_id = ? order by r.created_at, r.sequence`,
      [userId],
    ),
    rows<Record<string, unknown>>(
      em,
      `select e.offer_id as "offerId", o.title as "offerTitle", e.first_at as "firstAt"
         from offer_engagement e join offer o on o.id = e.offer_id
        where e.user_id = ? order by e.first_at`,
      [userId],
    ),
    rows<Record<string, unknown>>(
      em,
      `select to_char(a.day, 'YYYY-MM-DD') as day, a.offer_id as "offerId", a.counter
         from offer_daily_actor a where a.actor = ? order by a.day, a.offer_id, a.counter`,
      [`s:${userId}`],
    ),
    rows<Record<string, unknown>>(
      em,
      `select s.offer_id as "offerId", o.title as "offerTitle", s.saved_at as "savedAt",
              s.ending_mailed_at as "endingMailedAt"
         from saved_offer s join offer o on o.id = s.offer_id
        where s.user_id = ? order by s.saved_at`,
      [userId],
    ),
    // issue 13 point 4: the codes they reported, and what staff answered
    rows<Record<string, unknown>>(
      em,
      `select c.id, c.offer_id as "offerId", o.title as "offerTitle", c.code, c.reason, c.text,
              c.reporter_email as "email", c.status, c.outcome, c.answer, c.created_at as "reportedAt",
              c.decided_at as "decidedAt"
         from code_report c join offer o on o.id = c.offer_id
        where c.user_id = ? order by c.created_at`,
      [userId],
    ),
    // decision 016: the institution brands' figures count them at (never shown to a brand one by one)
    rows<Record<string, unknown>>(
      em,
      `select institution_name as "institution", updated_at as "updatedAt"
         from student_institution where user_id = ?`,
      [userId],
    ),
    // issue 30: what brands' checkouts redeemed for them, and the orders they reported
    rows<Record<string, unknown>>(
      em,
      `select r.id, r.offer_id as "offerId", o.title as "offerTitle", o.brand_name as "brandName", r.mode,
              r.created_at as "redeemedAt", c.reference as "orderReference",
              c.amount_fils / 100.0 as "orderAmountAed", c.created_at as "orderReportedAt"
         from checkout_redemption r join offer o on o.id = r.offer_id
         left join checkout_order c on c.redemption_id = r.id
        where r.student_id = ? order by r.created_at`,
      [userId],
    ),
  ]);
  return {
    data: {
      redemptions,
      countedAsUserOf: engagements,
      trackedActions: tracked,
      savedOffers: saved,
      codeReports: reports,
      institution: institution[0] ?? null,
      checkoutRedemptions: checkouts,
    },
  };
}
