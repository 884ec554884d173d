import { apiRoutes } from './api.js';
import { openApiDocument } from './document.js';
import { refusalMeanings } from './refusals.js';

const routes = apiRoutes;

describe('the OpenAPI document (docs/api.md)', () => {
  test('names each route once', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  test('every refusal a route names has a meaning', () => {
    const named = routes.flatMap((route) => route.refusals ?? []);
    expect(named.filter((status) => !refusalMeanings[status])).toEqual([]);
  });

  test('every operation answers the error shape on its refusals, and says who may call it', () => {
    const { paths = {} } = openApiDocument({ version: 'test' });
    const operations = Object.values(paths).flatMap((item) =>
      (['get', 'put', 'post', 'delete', 'patch'] as const).flatMap((method) => item[method] ?? []),
    );
    expect(operations).toHaveLength(routes.length);
    for (const operation of operations) {
      expect(operation.responses?.default).toEqual({ $ref: '#/components/responses/default' });
      expect(operation.description).toMatch(/\*\*Who:\*\*/);
    }
  });
});
