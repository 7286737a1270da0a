import { drawerItemsFor, PLAN_FLAGS, type DrawerItem, type PlanFlags } from '@atendo/domain';
import { useTranslation } from 'react-i18next';
import { ComingLater } from '@/components/coming-later';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useDeniedRedirect } from '@/components/plan-gate';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCompany } from '@/features/shell/use-company';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';

const EVERY_PLAN_FLAG = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as PlanFlags;

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
  const user = permissionUser(useCurrentUser());
  const { plan, loaded } = useCompany();
  // The help page also administers help articles, so having none must not close it.
  const access = accessTo(
    item,
    drawerItemsFor(user, { plan, hasHelps: true }),
    drawerItemsFor(user, { plan: EVERY_PLAN_FLAG, hasHelps: true }),
  );

  useDeniedRedirect(loaded, access !== 'plan');

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
