import { apiRoutes, routeKey } from '@tullab/contracts';
import { trackingCalls } from './calls';

describe('trackingCalls', () => {
  test('are the routes the contracts declare tracking, each once: every call the gateway batches is one offers records', () => {
    const declared = apiRoutes.filter((route) => route.tracking).map(routeKey);
    const recorded = trackingCalls.map(({ route }) => routeKey(route));
    expect(recorded.sort()).toEqual(declared.sort());
    expect(new Set(recorded).size).toBe(recorded.length);
  });
});
