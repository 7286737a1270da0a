import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDeniedRedirect } from '@/components/plan-gate';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { PlansManager } from './plans-manager';

/** /plans (super admins only; the same manager as the settings tab), redirecting others home. */
export function PlansPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const allowed = !!user.super;
  useDeniedRedirect(true, allowed);
  if (!allowed) return null;
  return (
    <div className="p-6">
      <PageHeader title={t('plans.title')} />
      <PlansManager />
    </div>
  );
}
