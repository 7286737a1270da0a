import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { useAuth } from '@/lib/auth/auth-provider';

/** Private routes: visitors without a session go to /login. */
export function PrivateRoute() {
  const { status, landing, clearLanding } = useAuth();
  useEffect(() => {
    if (status === 'authenticated' && landing) clearLanding();
  }, [status, landing, clearLanding]);
  if (status === 'loading') return <PageLoader />;
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Public routes: a logged-in user goes to / (or where a fresh login lands). */
export function PublicRoute() {
  const { status, landing } = useAuth();
  if (status === 'loading') return <PageLoader />;
  if (status === 'authenticated') return <Navigate to={landing ?? '/'} replace />;
  return <Outlet />;
}
