import type { FilterOperator, ListDialect, SortOrder } from '@tullab/contracts';
import type { Response } from 'express';
import { HttpError } from './errors';

/** What a list sorts and filters by, as its route declares it (`ListDialect` of @tullab/contracts). */
export type ListQueryOptions = Omit<ListDialect, 'resource'>;

/** MikroORM `findAndCount` options: `where` uses its operators (`$in`, `$ilike`, `$or`, …). */
export interface ListQuery {
  where: Record<string, unknown>;
  orderBy: Record<string, SortOrder>;
  offset: number;
  limit: number;
}

export const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (message: string) => new HttpError(400, message);

/** One query parameter, JSON-decoded; undefined when absent. */
function jsonParam(query: Record<string, unknown>, name: string): unknown {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw invalid(`Invalid ${name}: give it once, as JSON`);
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid(`Invalid ${name}: not valid JSON`);
  }
}

function parseSort(value: unknown, options: ListQueryOptions): ListQuery['orderBy'] {
  const sort = value ?? options.defaultSort;
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string') {
    throw invalid('Invalid sort: expected ["field","ASC"|"DESC"]');
  }
  const [field, order] = sort;
  if (!options.sortable.includes(field)) throw invalid(`Invalid sort: cannot sort by "${field}"`);
  if (order !== 'ASC' && order !== 'DESC') throw invalid('Invalid sort: order must be "ASC" or "DESC"');
  // id breaks ties, so pages do not overlap or skip rows
  return field === 'id' ? { id: order } : { [field]: order, id: 'ASC' };
}

function parseRange(value: unknown): Pick<ListQuery, 'offset' | 'limit'> {
  if (value === undefined) return { offset: 0, limit: DEFAULT_PAGE_SIZE };
  const [start, end] = Array.isArray(value) ? value : [];
  if (!Array.isArray(value) || value.length !== 2 || !Number.isInteger(start) || !Number.isInteger(end)) {
    throw invalid('Invalid range: expected [start, end]');
  }
  if (start < 0 || end < start) throw invalid('Invalid range: expected 0 <= start <= end');
  return { offset: start, limit: Math.min(end - start + 1, MAX_PAGE_SIZE) };
}

const isScalar = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** `%` and `_` in user text match themselves. */
const contains = (text: string) => ({ $ilike: `%${text.replace(/[\\%_]/g, '\\$&')}%` });

function filterCondition(field: string, operator: FilterOperator, value: unknown): unknown {
  const bad = () => invalid(`Invalid filter: "${field}" has the wrong type`);
  switch (operator) {
    case 'eq':
      if (isScalar(value) || typeof value === 'boolean') return value;
      throw bad();
    case 'ilike':
      if (typeof value === 'string') return contains(value);
      throw bad();
    case 'in': {
      const values = Array.isArray(value) ? value : [value];
      if (values.every(isScalar)) return { $in: values };
      throw bad();
    }
    case 'bool':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw bad();
    case 'uuid':
      if (typeof value === 'string' && UUID.test(value)) return value;
      throw bad();
    case 'gte':
    case 'lte':
      if (typeof value === 'number' && Number.isFinite(value)) return { [`$${operator}`]: value };
      if (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
        return { [`$${operator}`]: new Date(value) };
      throw bad();
  }
}

function parseFilter(value: unknown, options: ListQueryOptions): ListQuery['where'] {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('Invalid filter: expected a JSON object');
  }
  const where: ListQuery['where'] = {};
  for (const [field, given] of Object.entries(value)) {
    if (field === 'id') {
      const ids = Array.isArray(given) ? given : [given];
      if (!ids.every((id) => typeof id === 'string' && UUID.test(id))) {
        throw invalid('Invalid filter: "id" must be an id or a list of ids');
      }
      where.id = { $in: ids };
    } else if (field === 'q' && options.search) {
      if (typeof given !== 'string') throw invalid('Invalid filter: "q" must be text');
      if (given.trim()) where.$or = options.search.map((name) => ({ [name]: contains(given.trim()) }));
    } else {
      const operator = options.filterable[field];
      if (!operator) throw invalid(`Invalid filter: cannot filter by "${field}"`);
      const condition = filterCondition(field, operator, given);
      const bounded = /^(.+)_(gte|lte)$/.exec(field);
      if (bounded && (operator === 'gte' || operator === 'lte')) {
        where[bounded[1]] = { ...(where[bounded[1]] as object | undefined), ...(condition as object) };
      } else where[field] = condition;
    }
  }
  return where;
}

/**
 * Reads a ra-data-simple-rest list query (`sort=["name","ASC"]&range=[0,24]&filter={"active":true}`, CONVENTIONS
 * "Admin API") into `findAndCount` options. The range is inclusive and at most {@link MAX_PAGE_SIZE} rows; anything
 * malformed, or a field the resource does not allow, is a 400 that says what is wrong.
 */
export function parseListQuery(query: Record<string, unknown>, options: ListQueryOptions): ListQuery {
  return {
    where: parseFilter(jsonParam(query, 'filter'), options),
    orderBy: parseSort(jsonParam(query, 'sort'), options),
    ...parseRange(jsonParam(query, 'range')),
  };
}

/** Sends one page as a JSON array with `Content-Range: <resource> <start>-<end>/<total>`, readable by the admin app. */
export function sendList(
  res: Response,
  resource: string,
  items: unknown[],
  total: number,
  offset: number,
): void {
  const range = items.length ? `${offset}-${offset + items.length - 1}` : '*';
  res.set({
    'Content-Range': `${resource} ${range}/${total}`,
    'Access-Control-Expose-Headers': 'Content-Range',
  });
  res.json(items);
}
