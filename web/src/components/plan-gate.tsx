import type { PlanFlags } from '@atendo/domain';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCompany } from '@/features/shell/use-company';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { notify } from '@/lib/toast';

/** Delay before a page the company may not open sends the user home (docs/product/errors.md#error-catalogue, docs/product/errors.md#console-messages). */
export const PLAN_REDIRECT_MS = 1000;

/**
 * Once `loaded` and not `allowed`: the error toast 'Esta empresa não possui permissão para
 * acessar essa página! Estamos lhe redirecionando.' and home after PLAN_REDIRECT_MS. Used by
 * every plan-gated page and by the super-only ones that redirect the same way.
 */
export function useDeniedRedirect(loaded: boolean, allowed: boolean): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!loaded || allowed) return;
    notify.error(t('errors.planNoPermission'), 'planNoPermission');
    const timer = setTimeout(() => navigate('/'), PLAN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [loaded, allowed, navigate, t]);
}

/**
 * A page behind one plan flag: a loader until the company's plan is read, nothing (and the
 * redirect above) without the flag, the access-denied view for a profile user when
 * `adminOnly`, else the page.
 */
export function PlanGate({
  feature,
  adminOnly = false,
  children,
}: {
  feature: keyof PlanFlags;
  adminOnly?: boolean;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  const { plan, loaded } = useCompany();
  const allowed = !!plan[feature];
  useDeniedRedirect(loaded, allowed);
  if (!loaded) return <PageLoader />;
  if (!allowed) return null;
  if (adminOnly && user.profile === 'user') return <ForbiddenPage />;
  return <>{children}</>;
}
