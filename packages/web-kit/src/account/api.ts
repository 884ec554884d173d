import type { LoginBody } from '@tullab/contracts';
import { accounts } from '@tullab/contracts/route-table';
import { api, routeCall, unwrapUser, type User, type UserResponse } from '../api/client';

export type { LoginBody };

/** SPEC §7 sign-in: the account sign-in of the student app and of the merchant portal alike. */
export const signInApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<User, LoginBody>({
      query: (body) => routeCall(accounts.login, { body }),
      transformResponse: (body: UserResponse) => unwrapUser(body),
      // Someone else may have been signed in: everything about "who is this" is asked again.
      invalidatesTags: ['User', 'Profile', 'Offers'],
    }),
  }),
});

export const { useLoginMutation } = signInApi;
