import type { RequestCodeBody, VerifyCodeBody } from '@tullab/contracts';
import { studentVerification } from '@tullab/contracts/route-table';
import {
  api,
  routeCall,
  unwrapUser,
  type ApiMeta,
  type User,
  type UserResponse,
} from '@tullab/web-kit/api/client';

/** SPEC §3 "Student verification data", request. The resend leaves out `studentId` (SPEC §7). */
export type StudentCodeRequest = RequestCodeBody;

/** `manualReview`: the server answered 202, the domain is not recognised and a person will check (SPEC §4). */
export interface StudentCodeAnswer {
  message?: string;
  manualReview: boolean;
}

/** The caller's current verification state (GET /api/students/verify); only the fields this app reads. */
export interface VerificationState {
  status?: string;
  studentEmail?: string | null;
}

/** SPEC §7 student verification calls. */
export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVerificationState: build.query<VerificationState, void>({
      query: () => routeCall(studentVerification.verificationStatus),
    }),
    requestStudentCode: build.mutation<StudentCodeAnswer, StudentCodeRequest>({
      query: (body) => routeCall(studentVerification.requestCode, { body }),
      transformResponse: (body: { message?: string }, meta: ApiMeta | undefined) => ({
        message: body.message,
        manualReview: meta?.status === 202,
      }),
      // A 202 turns the status into unrecognized_domain.
      invalidatesTags: ['User', 'Profile'],
    }),
    verifyStudentCode: build.mutation<User, VerifyCodeBody>({
      query: (body) => routeCall(studentVerification.verifyCode, { body }),
      transformResponse: (body: UserResponse) => unwrapUser(body),
      // SPEC §7: cached user and offers are asked again; the dashboard's status too.
      invalidatesTags: ['User', 'Offers', 'Profile'],
    }),
  }),
});

export const { useGetVerificationStateQuery, useRequestStudentCodeMutation, useVerifyStudentCodeMutation } =
  verificationApi;
