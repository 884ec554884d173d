import type { EntityManager } from '@mikro-orm/core';
import { INSTITUTION_MIN_STUDENTS, type InstitutionBreakdown } from '@tullab/contracts';
import { affected, rows } from '@tullab/db';
import type { Handler } from '@tullab/events';
import { offersInScope } from './funnel';
import type { DayRange } from './range';

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

/** Each institution's distinct students who revealed a code of the offers in the days (Asia/Dubai). */
const BY_INSTITUTION = `select i.institution_name as institution, count(*) as students
  from (select distinct user_id from redemption
        where offer_id in (?) and (created_at at time zone 'Asia/Dubai')::date between ?::date and ?::date) r
  left join student_institution i on i.user_id = r.user_id
  group by 1`;

/**
 * Where the students who revealed the brand's codes in the range study, each counted once (issue 16, decision 016).
 * An institution with fewer than INSTITUTION_MIN_STUDENTS students is not named, so no one can be singled out: its
 * students are in `others`, with those whose institution is unknown. Counts only, never a person.
 */
export async function institutionBreakdown(
  em: EntityManager,
  brandId: string,
  range: DayRange,
): Promise<InstitutionBreakdown> {
  const offerIds = await offersInScope(em, brandId, range.offerId);
  const found = offerIds.length
    ? await rows<{ institution: string | null; students: string }>(em, BY_INSTITUTION, [
        offerIds,
        range.from,
        range.to,
      ])
    : [];
  const institutions: InstitutionBreakdown['institutions'] = [];
  let others = 0;
  for (const row of found) {
    const students = Number(row.students);
    if (row.institution !== null && students >= INSTITUTION_MIN_STUDENTS)
      institutions.push({ institution: row.institution, students });
    else others += students;
  }
  institutions.sort((a, b) => b.students - a.students || a.institution.localeCompare(b.institution));
  return { from: range.from, to: range.to, institutions, others };
}
