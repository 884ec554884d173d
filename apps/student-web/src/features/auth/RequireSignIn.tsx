import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageLoading } from '@tullab/web-kit/components/PageLoading';
import { returnHereState } from '@tullab/web-kit/session/return-to';
import { useAuth } from '@tullab/web-kit/session/use-auth';

/** Shows `children` to a signed-in user; sends anyone else to /login, to come back here afterwards. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageLoading />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={returnHereState(location)} />;
  return children;
}
