import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** SPEC §3 "User": the signed-in user as `/api/auth/user` returns it. */
export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  verification?: { status: string } | null;
}

/** The gateway answers `{ user }`; a bare user object is accepted too. */
export type UserResponse = { user: User } | User;

export const unwrapUser = (body: UserResponse): User => ('user' in body ? body.user : body);

/**
 * The one RTK Query API of the app (CONVENTIONS "Front-ends"): features add their endpoints with
 * `api.injectEndpoints`. SPEC §9: data never goes stale, no refetch on focus, no polling, no retries
 * (fetchBaseQuery does not retry unless wrapped in `retry`).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'include' }),
  tagTypes: ['User', 'Offers', 'Profile'],
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: (build) => ({
    getUser: build.query<User, void>({
      query: () => 'auth/user',
      transformResponse: unwrapUser,
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUserQuery } = api;
