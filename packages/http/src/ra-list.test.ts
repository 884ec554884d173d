import express from 'express';
import request from 'supertest';
import { HttpError } from './errors';
import { parseListQuery, sendList, type ListQueryOptions } from './ra-list';

const options: ListQueryOptions = {
  sortable: ['name', 'createdAt'],
  filterable: { active: 'bool', emirate: 'eq', status: 'in', city: 'ilike', createdAt: 'gte', score: 'lte' },
  defaultSort: ['name', 'ASC'],
  search: ['name', 'city'],
};
const ID = '0b6f7c9e-4a39-4c43-9d3f-5e1c2b7a8d90';

function refused(query: Record<string, unknown>): string {
  try {
    parseListQuery(query, options);
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    return err instanceof Error ? err.message : '';
  }
  throw new Error('expected a 400');
}

describe('parseListQuery', () => {
  test('without parameters: the default sort (id breaks ties), first page of 25, no filter', () => {
    expect(parseListQuery({}, options)).toEqual({
      where: {},
      orderBy: { name: 'ASC', id: 'ASC' },
      offset: 0,
      limit: 25,
    });
  });

  test('reads sort, an inclusive range and each filter operator', () => {
    const query = parseListQuery(
      {
        sort: '["createdAt","DESC"]',
        range: '[25,49]',
        filter: JSON.stringify({
          active: 'false',
          emirate: 'Dubai',
          status: ['active', 'closed'],
          city: 'Al Ain',
          createdAt: '2026-01-01',
          score: 3,
        }),
      },
      options,
    );
    expect(query).toEqual({
      where: {
        active: false,
        emirate: 'Dubai',
        status: { $in: ['active', 'closed'] },
        city: { $ilike: '%Al Ain%' },
        createdAt: { $gte: new Date('2026-01-01') },
        score: { $lte: 3 },
      },
      orderBy: { createdAt: 'DESC', id: 'ASC' },
      offset: 25,
      limit: 25,
    });
  });

  test('<field>_gte and <field>_lte bound one field by dates; a uuid filter takes only ids', () => {
    const ranged = {
      ...options,
      filterable: { createdAt_gte: 'gte', createdAt_lte: 'lte', userId: 'uuid' },
    } satisfies ListQueryOptions;
    const query = parseListQuery(
      { filter: JSON.stringify({ createdAt_gte: '2026-01-01', createdAt_lte: '2026-02-01', userId: ID }) },
      ranged,
    );
    expect(query.where).toEqual({
      createdAt: { $gte: new Date('2026-01-01'), $lte: new Date('2026-02-01') },
      userId: ID,
    });
    expect(() => parseListQuery({ filter: '{"createdAt_gte":"soon"}' }, ranged)).toThrow(
      'Invalid filter: "createdAt_gte" has the wrong type',
    );
    expect(() => parseListQuery({ filter: '{"userId":"1 or 1=1"}' }, ranged)).toThrow(
      'Invalid filter: "userId" has the wrong type',
    );
  });

  test('a page is at most 100 rows', () => {
    expect(parseListQuery({ range: '[0,999]' }, options)).toMatchObject({ offset: 0, limit: 100 });
  });

  test('filter.id serves getMany; q searches the search fields with LIKE wildcards escaped', () => {
    expect(parseListQuery({ filter: JSON.stringify({ id: [ID], q: ' 100%_u ' }) }, options).where).toEqual({
      id: { $in: [ID] },
      $or: [{ name: { $ilike: '%100\\%\\_u%' } }, { city: { $ilike: '%100\\%\\_u%' } }],
    });
  });

  test.each([
    [{ sort: '["name"' }, 'Invalid sort: not valid JSON'],
    [{ sort: '["password","ASC"]' }, 'Invalid sort: cannot sort by "password"'],
    [{ sort: '["name","UP"]' }, 'Invalid sort: order must be "ASC" or "DESC"'],
    [{ sort: '"name"' }, 'Invalid sort: expected ["field","ASC"|"DESC"]'],
    [{ range: '[0]' }, 'Invalid range: expected [start, end]'],
    [{ range: '[5,2]' }, 'Invalid range: expected 0 <= start <= end'],
    [{ range: ['[0,1]', '[2,3]'] }, 'Invalid range: give it once, as JSON'],
    [{ filter: '[]' }, 'Invalid filter: expected a JSON object'],
    [{ filter: '{"role":"admin"}' }, 'Invalid filter: cannot filter by "role"'],
    [{ filter: '{"active":"maybe"}' }, 'Invalid filter: "active" has the wrong type'],
    [{ filter: '{"emirate":{"$ne":null}}' }, 'Invalid filter: "emirate" has the wrong type'],
    [{ filter: '{"id":["1 or 1=1"]}' }, 'Invalid filter: "id" must be an id or a list of ids'],
  ])('%j → 400 %s', (query, message) => {
    expect(refused(query)).toBe(message);
  });

  test('q is an unknown filter when the resource has no search fields', () => {
    expect(() => parseListQuery({ filter: '{"q":"x"}' }, { ...options, search: undefined })).toThrow(
      'Invalid filter: cannot filter by "q"',
    );
  });
});

describe('sendList', () => {
  const app = express();
  app.get('/page', (_req, res) => sendList(res, 'institutions', [{ id: 'a' }, { id: 'b' }], 57, 25));
  app.get('/empty', (_req, res) => sendList(res, 'institutions', [], 0, 0));

  test('sends the array with a Content-Range the admin app can read', async () => {
    const res = await request(app).get('/page');
    expect(res.body).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(res.headers['content-range']).toBe('institutions 25-26/57');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
  });

  test('an empty page has no start-end', async () => {
    expect((await request(app).get('/empty')).headers['content-range']).toBe('institutions */0');
  });
});
