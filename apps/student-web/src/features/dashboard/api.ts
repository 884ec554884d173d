import type { CreateProfileBody, StudentProfileView } from '@tullab/contracts';
import { accounts } from '@tullab/contracts/route-table';
import { api, routeCall } from '@tullab/web-kit/api/client';

/**
 * SPEC §3 "Student profile" (identity's `StudentProfileView`). SPEC §4: an existing profile without a marketing
 * field counts as opted in.
 */
export type StudentProfile = Omit<StudentProfileView, 'emailMarketing' | 'whatsappMarketing'> &
  Partial<Pick<StudentProfileView, 'emailMarketing' | 'whatsappMarketing'>>;

export type ProfileChanges = Required<CreateProfileBody>;

/** SPEC §4: what the dashboard sends when the profile does not exist yet. */
export type NewProfile = Omit<ProfileChanges, 'phoneNumber'> & { phoneNumber: string; status: 'pending' };

const unwrapStudent = (body: { student: StudentProfile }) => body.student;

/** SPEC §7 student profile and change-password calls. */

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<StudentProfile, void>({
      query: () => routeCall(accounts.profile),
      transformResponse: unwrapStudent,
      providesTags: ['Profile'],
    }),
    createProfile: build.mutation<StudentProfile, NewProfile>({
      query: (body) => routeCall(accounts.createProfile, { body }),
      transformResponse: unwrapStudent,
      invalidatesTags: ['Profile'],
    }),
    updateProfile: build.mutation<StudentProfile, ProfileChanges>({
      query: (body) => routeCall(accounts.updateProfile, { body }),
      transformResponse: unwrapStudent,
      // Names show in the header's Account menu too.
      invalidatesTags: ['Profile', 'User'],
    }),
    changePassword: build.mutation<{ message?: string }, { currentPassword: string; newPassword: string }>({
      query: (body) => routeCall(accounts.changePassword, { body }),
    }),
    /** decision 009: the student deletes their own account, confirming with their password */
    deleteAccount: build.mutation<{ message?: string }, { currentPassword: string }>({
      query: (body) => routeCall(accounts.deleteAccount, { body }),
      invalidatesTags: ['User', 'Profile'],
    }),
  }),
});

export const {
  useGetProfileQuery,
  useCreateProfileMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
} = dashboardApi;
