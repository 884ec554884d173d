import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageLoading } from '../../components/PageLoading';
import { returnHereState } from './return-to';
import { useAuth } from './use-auth';

/** Shows `children` to a signed-in user; sends anyone else to /login, to come back here afterwards. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageLoading />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={returnHereState(location)} />;
  return children;
}
