import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-provider';

/** Renders its children once the session's user is known, as the private routes do (tests only). */
export function WhenLoggedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? <>{children}</> : null;
}
