import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCompany } from '@/features/shell/use-company';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { notify } from '@/lib/toast';

/** Delay before a page the plan does not include sends the user home (spec 3 §8). */
export const PLAN_REDIRECT_MS = 1000;

/**
 * The campaign area's gate (spec 3 §2, §6, §8): without the plan's useCampaigns an error toast
 * and home after a second; with `adminOnly`, a profile user sees the access-denied view.
 */
export function CampaignArea({
  adminOnly = false,
  children,
}: {
  adminOnly?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { plan, loaded } = useCompany();
  const planAllows = !!plan.useCampaigns;

  useEffect(() => {
    if (!loaded || planAllows) return;
    notify.error(t('errors.planNoPermission'), 'planNoPermission');
    const timer = setTimeout(() => navigate('/'), PLAN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [loaded, planAllows, navigate, t]);

  if (!loaded) return <PageLoader />;
  if (!planAllows) return null;
  if (adminOnly && user.profile === 'user') return <ForbiddenPage />;
  return <>{children}</>;
}
