import { useGetUserQuery, type User } from '../../app/api';
import { readStoredUser } from './stored-user';

export interface AuthState {
  /** the server's user, else the locally kept one (SPEC §4 "Authentication") */
  user: User | null;
  /** the first answer of GET /api/auth/user is still on its way and nothing is kept locally */
  isLoading: boolean;
  isAuthenticated: boolean;
  isStudent: boolean;
  /** SPEC §4: only `active` counts as verified */
  isVerified: boolean;
}

/** Who is using the app: what every screen asks before showing signed-in or verified-only things. */
export function useAuth(): AuthState {
  const { data, isLoading } = useGetUserQuery();
  const user = data ?? readStoredUser();
  return {
    user,
    isLoading: isLoading && !user,
    isAuthenticated: user !== null,
    isStudent: user?.role === 'student',
    isVerified: user?.verification?.status === 'active',
  };
}
