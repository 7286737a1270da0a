import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDeniedRedirect } from '@/components/plan-gate';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { CompaniesManager } from './companies-manager';

/**
 * /companies (super admins only): anyone else gets the spec's toast and goes home after 1 s
 * (docs/product/companies-plans-billing.md Companies page).
 */
export function CompaniesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const allowed = !!user.super;
  useDeniedRedirect(true, allowed);
  if (!allowed) return null;
  return (
    <div className="p-6">
      <PageHeader title={t('companies.title')} />
      <CompaniesManager />
    </div>
  );
}
