import { stubApi } from '../testing/stub-api';
import { api, apiRequest } from './client';
import { isNetworkError, serverFieldErrors, serverMessage, type ApiError } from './errors';
import { makeStore } from '../store';

afterEach(() => jest.restoreAllMocks());

const failureOf = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
};

describe('apiRequest (the common helper, SPEC §7/§8)', () => {
  test('sends JSON with the session cookie to /api/<path> and reads the JSON answer', async () => {
    const { spy } = stubApi({ 'POST /api/auth/login': { body: { user: { email: 'a@b.ae' } } } });
    const result = await apiRequest('POST', 'auth/login', { email: 'a@b.ae', password: 'secret123' });
    expect(result).toEqual({ status: 200, data: { user: { email: 'a@b.ae' } } });
    const [url, init] = spy.mock.calls[0];
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.ae', password: 'secret123' }),
    });
  });

  test("a path from the site's root is called as it is, not below /api (the consent screen's calls)", async () => {
    const { spy } = stubApi({ 'POST /connect/abc/decision': { body: { redirectTo: '/oidc/auth/abc' } } });
    const result = await apiRequest('POST', '/connect/abc/decision', { consent: false });
    expect(result.data).toEqual({ redirectTo: '/oidc/auth/abc' });
    expect(spy.mock.calls[0][0]).toBe('/connect/abc/decision');
  });

  test('a call without a body announces none (the gateway refuses a typed empty body)', async () => {
    const { spy } = stubApi({ 'POST /api/auth/logout': { status: 204 } });
    await apiRequest('POST', 'auth/logout');
    const init = spy.mock.calls[0][1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  test('a 204 answer gives an empty object', async () => {
    stubApi({ 'POST /api/auth/logout': { status: 204 } });
    await expect(apiRequest('POST', 'auth/logout')).resolves.toEqual({ status: 204, data: {} });
  });

  test('a refusal with a JSON body: message "{status}: {statusText}", the status and the parsed body', async () => {
    stubApi({
      'POST /api/auth/register': {
        status: 409,
        statusText: 'Conflict',
        body: { message: 'An account with this email already exists' },
      },
    });
    const error = await failureOf(apiRequest('POST', 'auth/register', {}));
    expect(error).toEqual({
      status: 409,
      message: '409: Conflict',
      data: { message: 'An account with this email already exists' },
    });
    expect(serverMessage(error)).toBe('An account with this email already exists');
    expect(isNetworkError(error)).toBe(false);
  });

  test('a refusal whose body is not JSON carries the status text as its message', async () => {
    stubApi({ 'GET /api/offers': { status: 502, statusText: 'Bad Gateway', text: '<html>oops</html>' } });
    const error = await failureOf(apiRequest('GET', 'offers'));
    expect(error).toEqual({ status: 502, message: '502: Bad Gateway', data: { message: 'Bad Gateway' } });
  });

  test('a 401 is an error too', async () => {
    stubApi();
    const error = await failureOf(apiRequest('GET', 'auth/user'));
    expect(error.status).toBe(401);
    expect(serverMessage(error)).toBe('Not authenticated');
  });

  test('per-field messages of a 400 are handed out for the form', async () => {
    const errors = { email: 'Please enter a valid email address' };
    stubApi({ 'POST /api/contact': { status: 400, body: { message: errors.email, errors } } });
    const error = await failureOf(apiRequest('POST', 'contact', {}));
    expect(serverFieldErrors(error)).toEqual(errors);
  });

  test('no answer at all is a network error with no server message', async () => {
    stubApi({ 'POST /api/auth/forgot-password': 'network-error' });
    const error = await failureOf(apiRequest('POST', 'auth/forgot-password', { email: 'a@b.ae' }));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Failed to fetch');
    expect(isNetworkError(error)).toBe(true);
    expect(serverMessage(error)).toBeUndefined();
  });

  test('a blank server message counts as none, so screens fall back to their default text', async () => {
    stubApi({ 'POST /api/contact': { status: 500, body: { message: '  ' } } });
    expect(serverMessage(await failureOf(apiRequest('POST', 'contact', {})))).toBeUndefined();
  });
});

describe('the RTK Query api (SPEC §9 data fetching)', () => {
  test('a visitor (401 on GET /api/auth/user) is no user, settled: asking again does not call the server', async () => {
    const { sent } = stubApi();
    const store = makeStore();
    const first = await store.dispatch(api.endpoints.getUser.initiate());
    expect(first.data).toBeNull();
    await store.dispatch(api.endpoints.getUser.initiate());
    expect(sent('GET /api/auth/user')).toHaveLength(1);
  });

  test('any other failure is "Failed to fetch user", with the status, and is not retried', async () => {
    const { sent } = stubApi({
      'GET /api/auth/user': { status: 503, body: { message: 'Identity service unavailable' } },
    });
    const store = makeStore();
    const result = await store.dispatch(api.endpoints.getUser.initiate());
    expect(result.error).toMatchObject({ status: 503, message: 'Failed to fetch user' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent('GET /api/auth/user')).toHaveLength(1);
  });

  test('the user is read out of `{ user }` and kept: asking again does not call the server', async () => {
    const user = { id: 'u1', email: 'a@b.ae', firstName: 'A', lastName: 'B', role: 'student' };
    const { sent } = stubApi({ 'GET /api/auth/user': { body: { user } } });
    const store = makeStore();
    const first = await store.dispatch(api.endpoints.getUser.initiate());
    expect(first.data).toEqual(user);
    await store.dispatch(api.endpoints.getUser.initiate());
    expect(sent('GET /api/auth/user')).toHaveLength(1);
  });
});
