import { INSTITUTION_MIN_STUDENTS, type InstitutionBreakdown } from '@tullab/contracts';

/** The scope of the brand's figures that covers all its offers; any other scope is one offer's id. */
export const ALL_OFFERS = 'all';

/** What one answer of a month (all offers, or one offer) counted, before anything is released. */
export interface ScopeCounts {
  scope: string;
  /** the distinct students of the scope, whatever their institution (unknown included) */
  total: number;
  /** the distinct students of each known institution */
  byInstitution: Map<string, number>;
}

/** What a brand may see of one scope. */
export type ReleasedFigures = Pick<InstitutionBreakdown, 'institutions' | 'others'>;

/** Two released counts of one institution may differ by nothing or by at least `min` students. */
const apart = (a: number, b: number, min: number) => a === b || Math.abs(a - b) >= min;

/** Down to a multiple of `min`: two such figures differ by 0 or at least `min`. */
const roundDown = (students: number, min: number) => Math.floor(students / min) * min;

/**
 * Which counts of one month a brand may see (decision 017). Every scope of the month (all offers, each offer) is a
 * neighbour of every other, since a brand can ask each of them: the difference of two answers about one institution
 * is the number of its students in one and not the other, and a difference of 1 to `min` - 1 could single a student
 * out. So a count is released only when it is at least `min`, and apart (equal, or `min` or more away) from every
 * count of the same institution already released in another scope; the scopes are taken all offers first, then the
 * largest counts, then by id, so the answer does not depend on the order of the rows. The students of a count not
 * released, and those whose institution is unknown, are `others`, rounded down to a multiple of `min`, which makes
 * two `others` apart as well.
 */
export function releaseFigures(
  scopes: ScopeCounts[],
  min = INSTITUTION_MIN_STUDENTS,
): Map<string, ReleasedFigures> {
  const released = new Map(scopes.map((scope) => [scope.scope, [] as ReleasedFigures['institutions']]));
  const institutions = new Set(scopes.flatMap((scope) => [...scope.byInstitution.keys()]));
  for (const institution of institutions) {
    const candidates = scopes
      .map((scope) => ({ scope: scope.scope, students: scope.byInstitution.get(institution) ?? 0 }))
      .filter((candidate) => candidate.students >= min)
      .sort(
        (a, b) =>
          Number(b.scope === ALL_OFFERS) - Number(a.scope === ALL_OFFERS) ||
          b.students - a.students ||
          a.scope.localeCompare(b.scope),
      );
    const kept: number[] = [];
    for (const { scope, students } of candidates) {
      if (!kept.every((other) => apart(other, students, min))) continue;
      kept.push(students);
      released.get(scope)!.push({ institution, students });
    }
  }
  return new Map(
    scopes.map((scope) => {
      const named = released.get(scope.scope)!;
      named.sort((a, b) => b.students - a.students || a.institution.localeCompare(b.institution));
      const counted = named.reduce((sum, row) => sum + row.students, 0);
      return [scope.scope, { institutions: named, others: roundDown(scope.total - counted, min) }];
    }),
  );
}
