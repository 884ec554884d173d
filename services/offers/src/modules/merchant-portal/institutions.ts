import type { EntityManager } from '@mikro-orm/core';
import type { InstitutionBreakdown } from '@tullab/contracts';
import { affected, rows } from '@tullab/db';
import type { Handler } from '@tullab/events';
import { ALL_OFFERS, releaseFigures, type ReleasedFigures, type ScopeCounts } from './disclosure';
import { offersInScope } from './funnel';
import { findBrandOffer } from './offers';
import type { MonthPeriod } from './period';

/**
 * `verification.status_changed` (decision 016): an active student's institution is kept (`student_institution`), so
 * brands can see where their students study, in counts only. Any other status leaves it as it is; an older event than
 * the one kept changes nothing. `account.deleted` removes the row (personal-data/erasure.ts).
 */
export const onVerificationStatusChanged: Handler<'verification.status_changed'> = async (
  { userId, status, institutionName, changedAt },
  { em },
) => {
  if (status !== 'active' || !institutionName) return;
  await affected(
    em,
    `insert into student_institution (user_id, institution_name, updated_at) values (?, ?, ?)
     on conflict (user_id) do update set institution_name = excluded.institution_name, updated_at = excluded.updated_at
     where student_institution.updated_at <= excluded.updated_at`,
    [userId, institutionName, changedAt],
  );
};

/**
 * The distinct students who revealed a code of the offers in the month (Asia/Dubai), per offer and institution, and
 * per institution over all the offers (`allOffers`); `institution` null: unknown.
 */
const BY_INSTITUTION = `with r as (
    select distinct offer_id, user_id from redemption
    where offer_id in (?)
      and created_at >= (?::date)::timestamp at time zone 'Asia/Dubai'
      and created_at < (?::date)::timestamp at time zone 'Asia/Dubai')
  select r.offer_id as "offerId", i.institution_name as institution, grouping(r.offer_id) = 1 as "allOffers",
    count(distinct r.user_id) as students
  from r left join student_institution i on i.user_id = r.user_id
  group by grouping sets ((r.offer_id, i.institution_name), (i.institution_name))`;

type MonthFigures = Record<string, ReleasedFigures>;

/** What a month counted, per scope (all offers, each offer with students): nothing when nobody revealed a code. */
async function countMonth(em: EntityManager, brandId: string, month: MonthPeriod): Promise<ScopeCounts[]> {
  const offerIds = await offersInScope(em, brandId, null);
  if (!offerIds.length) return [];
  const found = await rows<{
    offerId: string | null;
    institution: string | null;
    allOffers: boolean;
    students: string;
  }>(em, BY_INSTITUTION, [offerIds, month.from, month.until]);
  const scopes = new Map<string, ScopeCounts>();
  for (const row of found) {
    const scope = row.allOffers ? ALL_OFFERS : row.offerId!;
    const counts = scopes.get(scope) ?? { scope, total: 0, byInstitution: new Map<string, number>() };
    scopes.set(scope, counts);
    counts.total += Number(row.students);
    if (row.institution !== null) counts.byInstitution.set(row.institution, Number(row.students));
  }
  return [...scopes.values()];
}

/**
 * The brand's released figures of a month that has ended (decision 017): worked out once, the first time they are
 * asked for, and kept (`institution_month`), so asking again gives the same answer whatever changed since. A month in
 * which nobody revealed a code keeps nothing: it can only stay empty, since a reveal is dated when it happens.
 */
async function monthFigures(em: EntityManager, brandId: string, month: MonthPeriod): Promise<MonthFigures> {
  const kept = () =>
    rows<{ figures: MonthFigures }>(
      em,
      'select figures from institution_month where brand_id = ? and month = ?::date',
      [brandId, month.from],
    );
  const [stored] = await kept();
  if (stored) return stored.figures;
  const scopes = await countMonth(em, brandId, month);
  if (!scopes.length) return {};
  const figures = Object.fromEntries(releaseFigures(scopes));
  // two first askers at once: the first row stays, and both answer it
  await affected(
    em,
    `insert into institution_month (brand_id, month, figures) values (?, ?::date, ?::jsonb)
     on conflict (brand_id, month) do nothing`,
    [brandId, month.from, JSON.stringify(figures)],
  );
  return (await kept())[0].figures;
}

/**
 * Where the students who revealed the brand's codes in a month that has ended study, each counted once, for one
 * offer or all of them (issue 16, decisions 016 and 017): only counts a brand may see (`releaseFigures`), never a
 * person.
 */
export async function institutionBreakdown(
  em: EntityManager,
  brandId: string,
  month: MonthPeriod,
): Promise<InstitutionBreakdown> {
  // the one offer must be the brand's (404 otherwise), whether or not it had students that month
  if (month.offerId) await findBrandOffer(em, brandId, month.offerId);
  const figures = await monthFigures(em, brandId, month);
  const released = figures[month.offerId ?? ALL_OFFERS] ?? { institutions: [], others: 0 };
  return { period: month.period, from: month.from, to: month.to, offerId: month.offerId, ...released };
}
