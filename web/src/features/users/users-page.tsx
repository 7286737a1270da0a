import { isAdministrator, type UserView } from '@atendo/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  DataTable,
  DebouncedTableSearch,
  ServerPager,
  useDataTable,
  useTableUrlState,
} from '@/components/data-table';
import { AddButton } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useAuth, useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { UserAvatar } from './avatar';
import { USERS_PAGE_SIZE, useUsersPage } from './queries';
import { UserDialog } from './user-dialog';

/**
 * /users (docs/product/users-and-auth.md Users page): admins only; profile user gets the no-permission view. Rows
 * follow `company-{id}-user` through the shell's user binding (features/users/realtime).
 */
export function UsersPage() {
  const me = useCurrentUser();
  if (!isAdministrator(permissionUser(me))) return <ForbiddenPage />;
  return <UsersTable />;
}

function UsersTable() {
  const { t } = useTranslation();
  const deleteUser = useRouteMutation('usersDelete');
  const me = useCurrentUser();
  const { setUser } = useAuth();
  const [editing, setEditing] = useState<{ open: boolean; user: UserView | null }>({
    open: false,
    user: null,
  });
  const [deleting, setDeleting] = useState<UserView | null>(null);

  const columns = useMemo<ColumnDef<UserView, unknown>[]>(
    () => [
      { accessorKey: 'id', header: t('users.id') },
      {
        id: 'online',
        header: t('users.status'),
        cell: ({ row }) => {
          const online = row.original.online === true;
          const label = online ? t('users.online') : t('users.offline');
          return (
            <span
              role="img"
              aria-label={label}
              title={label}
              className={`inline-block size-2.5 rounded-full ${online ? 'bg-green-500' : 'bg-muted-foreground/40'}`}
            />
          );
        },
      },
      {
        id: 'avatar',
        header: t('users.avatar'),
        cell: ({ row }) => <UserAvatar user={row.original} />,
      },
      { accessorKey: 'name', header: t('users.name') },
      { accessorKey: 'email', header: t('users.email') },
      {
        accessorKey: 'profile',
        header: t('users.profile'),
        cell: ({ row }) => t(`users.profiles.${row.original.profile}`),
      },
      { accessorKey: 'startWork', header: t('users.startWork') },
      { accessorKey: 'endWork', header: t('users.endWork') },
      {
        id: 'actions',
        header: () => <span className="sr-only sm:not-sr-only">{t('users.actions')}</span>,
        cell: ({ row }) => (
          <div className="text-right whitespace-nowrap">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('users.edit', { name: row.original.name })}
              onClick={() => setEditing({ open: true, user: row.original })}
            >
              <Pencil />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('users.delete', { name: row.original.name })}
              onClick={() => setDeleting(row.original)}
            >
              <Trash2 />
            </Button>
          </div>
        ),
      },
    ],
    [t],
  );

  // The api pages 20 at a time: the table's page and search, kept in the URL, are its query.
  const url = useTableUrlState({ defaultPageSize: USERS_PAGE_SIZE });
  const pageIndex = url.pagination.pageIndex;
  const list = useUsersPage(url.globalFilter, pageIndex + 1);
  const table = useDataTable<UserView>({
    data: list.data?.users ?? [],
    columns,
    rowCount: list.data?.count ?? 0,
    defaultPageSize: USERS_PAGE_SIZE,
    getRowId: (u) => String(u.id),
  });
  const pageCount = Math.max(1, Math.ceil((list.data?.count ?? 0) / USERS_PAGE_SIZE));

  const remove = async (user: UserView) => {
    try {
      await deleteUser.mutateAsync({ params: { id: user.id } });
      notify.success(t('users.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('users.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <DebouncedTableSearch table={table} label={t('users.search')} />
          <AddButton
            label={t('users.add')}
            onClick={() => setEditing({ open: true, user: null })}
          />
        </div>
      </PageHeader>
      <div className="min-h-0 flex-1 overflow-auto rounded-md border">
        <DataTable
          table={table}
          label={t('users.title')}
          isLoading={list.isPending}
          emptyText={t('users.empty')}
        />
      </div>
      <ServerPager
        table={table}
        summary={t('users.pageOf', {
          page: pageIndex + 1,
          pageCount,
          count: list.data?.count ?? 0,
        })}
        hasMore={!!list.data?.hasMore}
        previousLabel={t('users.previousPage')}
        nextLabel={t('users.nextPage')}
      />
      <UserDialog
        open={editing.open}
        user={editing.user}
        admin
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        onSaved={(saved) => {
          if (saved.id === me.id) setUser({ ...me, ...saved });
        }}
      />
      <ConfirmDialog
        confirmLabel={t('users.confirm')}
        cancelLabel={t('users.cancel')}
        destructive
        open={!!deleting}
        title={t('users.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('users.confirmDelete')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
