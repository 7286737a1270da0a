import type { ContactListView } from '@atendo/domain';
import { Download, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { ROW_ACTIONS_CELL, RowActions } from '@/components/row-actions';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { CampaignArea } from '@/features/campaigns/campaign-area';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { useUrlSearch } from '@/lib/use-url-search';
import exampleSheetUrl from './assets/planilha-exemplo.xlsx?url';
import { ContactListDialog } from './contact-list-dialog';
import { useContactListsInfinite } from './queries';
import { contactListSocketBinding } from './realtime';

const BINDINGS = [contactListSocketBinding] as const;

/** The example spreadsheet's file name when downloaded. */
export const EXAMPLE_SHEET_NAME = 'planilha-exemplo.xlsx';

/**
 * /contact-lists (docs/product/contacts.md Contact lists page): search, add, and the lists with their contact
 * counts; each row downloads the example spreadsheet, opens its contacts, renames or deletes.
 * Part of the campaign area (the plan's useCampaigns).
 */
export function ContactListsPage() {
  return (
    <CampaignArea>
      <ContactListsTable />
    </CampaignArea>
  );
}

function ContactListsTable() {
  const { t } = useTranslation();
  const deleteList = useRouteMutation('contactListsDelete');
  useSocketCache(BINDINGS);
  const [search, setSearch, searchParam] = useUrlSearch();
  const [editing, setEditing] = useState<{ open: boolean; list: ContactListView | null }>({
    open: false,
    list: null,
  });
  const [deleting, setDeleting] = useState<ContactListView | null>(null);
  const query = useContactListsInfinite(searchParam);
  const rows = query.data?.pages.flatMap((p) => p.records) ?? [];
  const columns = useMemo<ColumnDef<ContactListView, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('contactLists.name'),
        cell: ({ row }) => row.original.name,
        meta: { cellClassName: 'font-medium' },
      },
      {
        id: 'contacts',
        header: t('contactLists.contacts'),
        cell: ({ row }) => row.original.contactsCount,
        meta: { headClassName: 'w-32 text-center', cellClassName: 'text-center tabular-nums' },
      },
      {
        id: 'actions',
        header: t('contactLists.actions'),
        cell: ({ row }) => (
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('contactLists.downloadExample')}
              title={t('contactLists.downloadExample')}
              asChild
            >
              <a href={exampleSheetUrl} download={EXAMPLE_SHEET_NAME}>
                <Download />
              </a>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('contactLists.open', { name: row.original.name })}
              asChild
            >
              <Link to={`/contact-lists/${row.original.id}/contacts`}>
                <Users />
              </Link>
            </Button>
            <RowActions
              editLabel={t('contactLists.edit', { name: row.original.name })}
              deleteLabel={t('contactLists.delete', { name: row.original.name })}
              onEdit={() => setEditing({ open: true, list: row.original })}
              onDelete={() => setDeleting(row.original)}
            />
          </>
        ),
        meta: { headClassName: 'w-48 text-right', cellClassName: ROW_ACTIONS_CELL },
      },
    ],
    [t],
  );
  const table = useListTable({ data: rows, columns, getRowId: (l) => String(l.id) });

  const remove = async (list: ContactListView) => {
    try {
      await deleteList.mutateAsync({ params: { id: list.id } });
      notify.success(t('contactLists.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('contactLists.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t('contactLists.search')} value={search} onChange={setSearch} />
          <AddButton
            label={t('contactLists.add')}
            onClick={() => setEditing({ open: true, list: null })}
          />
        </div>
      </PageHeader>
      <InfiniteListFrame list={query}>
        <DataTable
          table={table}
          label={t('contactLists.title')}
          rowProps={(list) => ({ 'aria-label': list.name, 'data-contact-list-id': list.id })}
          status={{
            pending: query.isPending || query.isFetchingNextPage,
            loadingText: t('contactLists.loading'),
            emptyText: t('contactLists.empty'),
          }}
        />
      </InfiniteListFrame>
      <ContactListDialog
        open={editing.open}
        list={editing.list}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('contactLists.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('contactLists.confirmDelete')}
        confirmLabel={t('contactLists.confirm')}
        cancelLabel={t('contactLists.cancel')}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
