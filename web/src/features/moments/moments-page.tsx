import { canViewDashboard, canViewRealTime, type MomentTicket } from '@atendo/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { MomentCard } from './moment-card';
import { momentsSocketBindings, useUsersMoments } from './queries';

interface UserGroup {
  user: NonNullable<MomentTicket['user']>;
  tickets: MomentTicket[];
}

/** The panel's cards: one per user holding tickets (by name), and the tickets nobody holds. */
export function groupMoments(tickets: MomentTicket[]): {
  users: UserGroup[];
  pending: MomentTicket[];
} {
  const byUser = new Map<number, UserGroup>();
  const pending: MomentTicket[] = [];
  for (const ticket of tickets) {
    if (!ticket.user) {
      pending.push(ticket);
      continue;
    }
    const group = byUser.get(ticket.user.id) ?? { user: ticket.user, tickets: [] };
    group.tickets.push(ticket);
    byUser.set(ticket.user.id, group);
  }
  const users = [...byUser.values()].sort((a, b) => a.user.name.localeCompare(b.user.name));
  return { users, pending };
}

/** /moments: the live attendance panel, titled Painel de Atendimentos (docs/product/dashboard-and-reports.md). */
export function MomentsPage() {
  const user = useCurrentUser();
  const permissions = permissionUser(user);
  if (!canViewRealTime(permissions) && !canViewDashboard(permissions)) return <ForbiddenPage />;
  return <MomentsPanel />;
}

function MomentsPanel() {
  const { t } = useTranslation();
  useSocketCache(momentsSocketBindings);
  const { data, isPending, isError } = useUsersMoments();
  const groups = useMemo(() => groupMoments(data ?? []), [data]);
  return (
    <>
      <PageHeader title={t('moments.title')} />
      {isError && <p className="text-destructive">{t('moments.loadError')}</p>}
      {isPending ? (
        <p className="text-muted-foreground">{t('moments.loading')}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {groups.users.map((g) => (
            <MomentCard
              key={g.user.id}
              title={g.user.name}
              online={g.user.online}
              tickets={g.tickets}
            />
          ))}
          <MomentCard title={t('moments.pending')} pending tickets={groups.pending} />
        </div>
      )}
    </>
  );
}
