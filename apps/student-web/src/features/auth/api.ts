import type {
  ForgotPasswordBody,
  RegisterBody as RegisterFields,
  ResetPasswordBody,
  VerifyResetOtpBody,
} from '@tullab/contracts';
import { accounts } from '@tullab/contracts/route-table';
import { api, routeCall, unwrapUser, type User, type UserResponse } from '@tullab/web-kit/api/client';

/** SPEC §3 "Registration payload": role is always student (identity ignores it, S29). */
export type RegisterBody = RegisterFields & { role: 'student' };

/** The `{message}` most account calls answer with. */
export interface MessageResponse {
  message?: string;
}

/** SPEC §7 registration and password-reset calls (sign-in is the web kit's, `signInApi`). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<User, RegisterBody>({
      query: (body) => routeCall(accounts.register, { body }),
      transformResponse: (body: UserResponse) => unwrapUser(body),
      invalidatesTags: ['User', 'Profile', 'Offers'],
    }),
    requestPasswordReset: build.mutation<MessageResponse, ForgotPasswordBody>({
      query: (body) => routeCall(accounts.forgotPassword, { body }),
    }),
    verifyResetCode: build.mutation<MessageResponse, VerifyResetOtpBody>({
      query: (body) => routeCall(accounts.verifyResetCode, { body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordBody>({
      query: (body) => routeCall(accounts.resetPassword, { body }),
    }),
  }),
});

export const {
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useVerifyResetCodeMutation,
  useResetPasswordMutation,
} = authApi;
