import type {
  ForgotPasswordBody,
  RegisterBody as RegisterFields,
  ResetPasswordBody,
  VerifyResetOtpBody,
} from '@tullab/contracts';
import { api, unwrapUser, type User, type UserResponse } from '@tullab/web-kit/api/client';

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
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
      transformResponse: (body: UserResponse) => unwrapUser(body),
      invalidatesTags: ['User', 'Profile', 'Offers'],
    }),
    requestPasswordReset: build.mutation<MessageResponse, ForgotPasswordBody>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    verifyResetCode: build.mutation<MessageResponse, VerifyResetOtpBody>({
      query: (body) => ({ url: 'auth/verify-reset-otp', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordBody>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useVerifyResetCodeMutation,
  useResetPasswordMutation,
} = authApi;
