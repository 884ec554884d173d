import { useEffect, useMemo } from 'react';
import { useGetUserQuery, type User } from '../api/client';
import { clearStoredUser, readStoredUser } from './stored-user';

export interface AuthState {
  /**
   * the server's user (SPEC §4 "Authentication"); when the server cannot be reached, the locally kept one without
   * its phone and e-mails (issue "Abuse-proof" point 5); null when the server says nobody is signed in
   */
  user: User | null;
  /**
   * the first answer of GET /api/auth/user is still on its way, or nobody was signed in and it is being asked again
   * (just after a sign-in: a page guarded by the session waits for the answer instead of sending the user back)
   */
  isLoading: boolean;
  isAuthenticated: boolean;
  isStudent: boolean;
  /** SPEC §4: only `active` counts as verified */
  isVerified: boolean;
}

/**
 * The kept user as far as the app may show it without the server: never the contact details of whoever used this
 * browser before (a shared campus computer).
 */
function withoutContactDetails(user: User): User {
  const { phone: _phone, verification, ...rest } = user;
  return { ...rest, email: '', verification: verification ? { status: verification.status } : verification };
}

/**
 * Who is using the app: what every screen asks before showing signed-in or verified-only things. Nobody while the
 * server has not answered; once it says nobody is signed in (401: signed out elsewhere, expired, password changed)
 * the kept user is forgotten, so the next person at the computer never sees the previous one's details.
 */
export function useAuth(): AuthState {
  const { data, isLoading, isFetching, isError } = useGetUserQuery();
  useEffect(() => {
    if (data === null) clearStoredUser();
  }, [data]);
  const fallback = useMemo(() => {
    const kept = isError ? readStoredUser() : null;
    return kept && withoutContactDetails(kept);
  }, [isError]);
  const user = data !== undefined ? data : fallback;
  return {
    user,
    isLoading: isLoading || (isFetching && data === null),
    isAuthenticated: user !== null,
    isStudent: user?.role === 'student',
    isVerified: user?.verification?.status === 'active',
  };
}
