import { drawerItemsFor, PLAN_FLAGS, type DrawerItem, type PlanFlags } from '@atendo/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ComingLater } from '@/components/coming-later';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCompany } from '@/features/shell/use-company';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { notify } from '@/lib/toast';

const EVERY_PLAN_FLAG = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as PlanFlags;
/** Delay before a plan-gated page sends the user home (spec 2 §8). */
const PLAN_REDIRECT_MS = 1000;

type Access = 'allowed' | 'plan' | 'role';

/** Whether the user may open a drawer target: allowed, blocked by the plan, or by the role. */
function accessTo(
  item: DrawerItem,
  allowed: DrawerItem[],
  allowedWithEveryFlag: DrawerItem[],
): Access {
  if (allowed.includes(item)) return 'allowed';
  return allowedWithEveryFlag.includes(item) ? 'plan' : 'role';
}

/** A drawer target whose screen arrives later: its title and an honest note, behind its gate. */
export function NotAvailablePage({ item, title }: { item: DrawerItem; title?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = permissionUser(useCurrentUser());
  const { plan, loaded } = useCompany();
  // The help page also administers help articles, so having none must not close it.
  const access = accessTo(
    item,
    drawerItemsFor(user, { plan, hasHelps: true }),
    drawerItemsFor(user, { plan: EVERY_PLAN_FLAG, hasHelps: true }),
  );

  useEffect(() => {
    if (!loaded || access !== 'plan') return;
    notify.error(t('errors.planNoPermission'), 'planNoPermission');
    const timer = setTimeout(() => navigate('/'), PLAN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [loaded, access, navigate, t]);

  if (!loaded) return <PageLoader />;
  if (access === 'role') return <ForbiddenPage />;
  if (access === 'plan') return null;
  return (
    <>
      <PageHeader title={title ?? t(`drawer.${item}`)} />
      <ComingLater text={t('common.notYetAvailable')} />
    </>
  );
}
