import type { CreateProfileBody, StudentProfileView } from '@tullab/contracts';
import { api } from '@tullab/web-kit/api/client';

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
      query: () => 'students/profile',
      transformResponse: unwrapStudent,
      providesTags: ['Profile'],
    }),
    createProfile: build.mutation<StudentProfile, NewProfile>({
      query: (body) => ({ url: 'students/profile', method: 'POST', body }),
      transformResponse: unwrapStudent,
      invalidatesTags: ['Profile'],
    }),
    updateProfile: build.mutation<StudentProfile, ProfileChanges>({
      query: (body) => ({ url: 'students/profile', method: 'PATCH', body }),
      transformResponse: unwrapStudent,
      // Names show in the header's Account menu too.
      invalidatesTags: ['Profile', 'User'],
    }),
    changePassword: build.mutation<{ message?: string }, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: 'students/change-password', method: 'POST', body }),
    }),
    /** decision 009: the student deletes their own account, confirming with their password */
    deleteAccount: build.mutation<{ message?: string }, { currentPassword: string }>({
      query: (body) => ({ url: 'students/delete-account', method: 'POST', body }),
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
