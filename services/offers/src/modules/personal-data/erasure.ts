import { randomUUID } from 'node:crypto';
import type { Handler } from '@tullab/events';
import { recordErasure } from '@tullab/audit-log';
import { affected, rows } from '@tullab/db';

/**
 * `account.deleted` (decision 009): the person's redemptions (brands' checkout ones too), claimed codes, engagements and today's tracked actors
 * stay counted for the brands' statistics, but under a random id made for this erasure and stored nowhere else, so
 * nothing leads back to the person; the codes they were shown are dropped from their redemptions (the pool keeps them
 * claimed, so no one gets them again); their code reports lose the code, their words, their address and name, and the
 * answer staff or the brand wrote back to them (T23; the mail that carried it is erased by notifications). Audited with
 * who deleted the account. Handled once per event (processed_event); run again it finds nothing left under the user's
 * id.
 */
export const onAccountDeleted: Handler<'account.deleted'> = async (
  { userId, actor },
  { em, envelope, log },
) => {
  const anonymous = randomUUID();
  await rows(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`erase:${userId}`]);
  const redemptions = await affected(em, 'update redemption set user_id = ?, code = null where user_id = ?', [
    anonymous,
    userId,
  ]);
  const codes = await affected(em, 'update offer_code set claimed_by = ? where claimed_by = ?', [
    anonymous,
    userId,
  ]);
  const reports = await affected(
    em,
    `update code_report set user_id = ?, code = null, text = null, reporter_email = null, reporter_first_name = null,
       answer = null
     where user_id = ?`,
    [anonymous, userId],
  );
  const engagements = await affected(em, 'update offer_engagement set user_id = ? where user_id = ?', [
    anonymous,
    userId,
  ]);
  // a brand's checkout redemptions stay the brand's (its funnel, its orders), no longer anyone's (issue 30)
  const checkouts = await affected(em, 'update checkout_redemption set student_id = ? where student_id = ?', [
    anonymous,
    userId,
  ]);
  const actors = await affected(em, 'update offer_daily_actor set actor = ? where actor = ?', [
    `s:${anonymous}`,
    `s:${userId}`,
  ]);
  // saved offers are the person's own choice, of no use to anyone else: removed (decision 014)
  await affected(em, 'delete from saved_offer where user_id = ?', [userId]);
  // so is where they study, kept only for the brands' counts (decision 016)
  await affected(em, 'delete from student_institution where user_id = ?', [userId]);
  // how many rows were tied to the person before, and are after
  recordErasure(em, actor, envelope.requestId, userId, 'anonymised', {
    linkedRedemptions: redemptions,
    linkedCheckoutRedemptions: checkouts,
    linkedCodes: codes,
    linkedEngagements: engagements,
  });
  log.info(
    { userId, redemptions, checkouts, codes, engagements, actors, reports },
    'redemptions and tracking anonymised',
  );
};
