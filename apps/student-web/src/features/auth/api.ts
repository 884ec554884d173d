import { api, unwrapUser, type User, type UserResponse } from '../../app/api';

export interface LoginBody {
  email: string;
  password: string;
}

/** SPEC §3 "Registration payload": role is always student. */
export interface RegisterBody {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  emailMarketing: boolean;
  whatsappMarketing: boolean;
  role: 'student';
}

/** The `{message}` most account calls answer with. */
export interface MessageResponse {
  message?: string;
}

/** SPEC §7 sign-in, registration and password-reset calls. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<User, LoginBody>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      transformResponse: (body: UserResponse) => unwrapUser(body),
      // Someone else may have been signed in: everything about "who is this" is asked again.
      invalidatesTags: ['User', 'Profile', 'Offers'],
    }),
    register: build.mutation<User, RegisterBody>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
      transformResponse: (body: UserResponse) => unwrapUser(body),
      invalidatesTags: ['User', 'Profile', 'Offers'],
    }),
    requestPasswordReset: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    verifyResetCode: build.mutation<MessageResponse, { email: string; otp: string }>({
      query: (body) => ({ url: 'auth/verify-reset-otp', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, { email: string; newPassword: string }>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useVerifyResetCodeMutation,
  useResetPasswordMutation,
} = authApi;
