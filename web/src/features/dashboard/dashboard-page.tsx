import { canViewDashboard } from '@atendo/domain';
import { useTranslation } from 'react-i18next';
import { ComingLater } from '@/components/coming-later';
import { PageHeader } from '@/components/page-header';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';

/** / : the dashboard; a plain user without showDashboard gets the 403 page (spec 1 §2). */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!canViewDashboard(permissionUser(user))) return <ForbiddenPage />;
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <ComingLater text={t('dashboard.hint')} />
    </>
  );
}
