import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { BodyOf, IsUpload, PublicUser, RouteRef } from '@tullab/contracts';
import { accounts, API_PREFIX, pathOf } from '@tullab/contracts/route-table';
import { currentLanguage } from '../i18n/start';
import { apiErrorFrom, isApiError, NETWORK_ERROR_STATUS, okBody, type ApiError } from './errors';

/**
 * SPEC §3 "User", as `/api/auth/user` returns it: identity's `PublicUser`, of which a user kept from an earlier visit (stored without contact
 * details) or a bare answer may lack the optional parts.
 */
export type User = Pick<PublicUser, 'id' | 'email' | 'firstName' | 'lastName' | 'role'> &
  Partial<Pick<PublicUser, 'phone' | 'emailMarketing' | 'whatsappMarketing' | 'language'>> & {
    verification?: (Pick<PublicUser['verification'], 'status'> & Partial<PublicUser['verification']>) | null;
  };

/** The gateway answers `{ user }`; a bare user object is accepted too. */
export type UserResponse = { user: User } | User;

export const unwrapUser = (body: UserResponse): User => ('user' in body ? body.user : body);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResult<T> {
  data: T;
  status: number;
}

/**
 * The common helper (SPEC §7): one call to `/api/<path>` with the session cookie, a JSON body if given, the JSON
 * answer back. A `path` from the site's root (`/connect/…`) is called as it is: the consent screen's calls live below
 * its own address, not the API's (decision 019). Throws an ApiError for a non-ok answer (401 included) and for a
 * failed network call.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path.startsWith('/') ? path : `${API_PREFIX}/${path}`, {
      method,
      credentials: 'include',
      // a FormData body (a file upload) goes as it is: the browser writes its multipart Content-Type; the page's
      // language tells the services which language their e-mails to the student are in (issue 12)
      headers:
        body === undefined || body instanceof FormData
          ? { Accept: 'application/json', 'Accept-Language': currentLanguage() }
          : {
              Accept: 'application/json',
              'Accept-Language': currentLanguage(),
              'Content-Type': 'application/json',
            },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    throw {
      status: NETWORK_ERROR_STATUS,
      message: err instanceof Error ? err.message : 'Network error',
      data: {},
    } satisfies ApiError;
  }
  const text = await response.text();
  if (!response.ok) throw apiErrorFrom(response.status, response.statusText, text);
  return { data: okBody(response.status, text) as T, status: response.status };
}

/** An endpoint's request: a declared route's method, its path under `/api/` and its body (`routeCall` makes it). */
export interface ApiCall {
  /** below `/api/`; or from the site's root, with its leading `/`, for a call outside the API (`apiRequest`) */
  url: string;
  method: HttpMethod;
  body?: unknown;
}

/** The names of a declared path's parameters, as a union (`'/offers/:id/reports'` → `'id'`). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * What a call of a declared route takes: a value for each parameter of its path, its body (a FormData for an
 * upload) and a query.
 */
export type CallInput<R extends RouteRef> = ([ParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<R['path']>, string | number> }) & {
  body?: IsUpload<R> extends true ? FormData : BodyOf<R>;
  /** the query's parameters; an undefined one is left out */
  query?: Record<string, string | number | undefined>;
};

/**
 * The call of a route as @tullab/contracts declares it (`@tullab/contracts/route-table`): its method, its path with the parameters
 * filled in, a query and the body, typed by the declaration (docs/anatomy.md "A route"). The only way an app names
 * an API URL.
 */
export function routeCall<R extends RouteRef>(
  route: R,
  ...[input]: object extends CallInput<R> ? [CallInput<R>?] : [CallInput<R>]
): ApiCall {
  const { params, body, query } = (input ?? {}) as CallInput<RouteRef>;
  return {
    url: `${pathOf(route, params).slice(1)}${searchOf(query)}`,
    method: route.method.toUpperCase() as HttpMethod,
    ...(body !== undefined && { body }),
  };
}

/** `?name=value&…` of the parameters given (an undefined one left out), or nothing. */
function searchOf(query: CallInput<RouteRef>['query']): string {
  const given = Object.entries(query ?? {}).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, String(value)]],
  );
  return given.length ? `?${new URLSearchParams(given)}` : '';
}

/** The URL of a call, for a link, a download or a request made apart from RTK Query (`/api/merchant/funnel.csv?…`). */
export const callUrl = (call: ApiCall) => `${API_PREFIX}/${call.url}`;

/** `apiRequest` of a declared route's call. */
export const requestRoute = <T = unknown>(call: ApiCall, signal?: AbortSignal) =>
  apiRequest<T>(call.method, call.url, call.body, signal);

/** Passed to `transformResponse`, so an endpoint can tell 200 from 202 (SPEC §7 students/verify). */
export interface ApiMeta {
  status: number;
}

const apiBaseQuery: BaseQueryFn<ApiCall, unknown, ApiError, object, ApiMeta> = async (call, { signal }) => {
  try {
    const { data, status } = await requestRoute(call, signal);
    return { data, meta: { status } };
  } catch (error) {
    return { error: error as ApiError };
  }
};

/**
 * The one RTK Query API of an app (CONVENTIONS "Front-ends"): each app bundles its own, and its features add their
 * endpoints with `api.injectEndpoints`. SPEC §9: data never goes stale (kept for good, never refetched on mount, focus or
 * reconnect), no polling, no retries (a base query retries only when wrapped in `retry`).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['User', 'Offers', 'Profile'],
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: (build) => ({
    /**
     * The signed-in user, or null for a visitor. A 401 is an answer ("nobody"), not a failure: a failed query would
     * be asked again by every screen that mounts, where SPEC §7 says a non-ok answer is not retried. Any other
     * non-ok answer is the SPEC §8 'Failed to fetch user'.
     */
    getUser: build.query<User | null, void>({
      queryFn: async (_arg, { signal }) => {
        try {
          const { data } = await requestRoute<UserResponse>(routeCall(accounts.currentUser), signal);
          return { data: unwrapUser(data) };
        } catch (error) {
          if (isApiError(error) && error.status === 401) return { data: null };
          return { error: { ...(error as ApiError), message: 'Failed to fetch user' } };
        }
      },
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUserQuery } = api;
