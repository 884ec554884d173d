import { useEffect, useRef } from 'react';
import { isApiError } from '@tullab/web-kit/api/errors';
import { type User } from '@tullab/web-kit/api/client';
import { useCreateProfileMutation, useGetProfileQuery, type StudentProfile } from './api';

/**
 * The signed-in student's profile. SPEC §4: when there is none yet (404), one is created with status pending, both
 * marketing opt-ins true, the user's names and e-mail and an empty phone. Other failures are only logged.
 */
export function useStudentProfile(user: User | null): { profile?: StudentProfile; isLoading: boolean } {
  const query = useGetProfileQuery(undefined, { skip: !user });
  const [createProfile, creation] = useCreateProfileMutation();
  const created = useRef(false);
  const missing = isApiError(query.error) && query.error.status === 404;

  useEffect(() => {
    if (!query.error || missing) return;
    console.error('Failed to load profile', query.error);
  }, [query.error, missing]);

  useEffect(() => {
    if (!missing || !user || created.current) return;
    created.current = true;
    createProfile({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: '',
      emailMarketing: true,
      whatsappMarketing: true,
      status: 'pending',
    })
      .unwrap()
      .catch((error: unknown) => console.error('Failed to create profile', error));
  }, [missing, user, createProfile]);

  return {
    profile: query.data,
    isLoading: query.isLoading || (missing && !creation.isError) || (query.isFetching && !query.data),
  };
}
