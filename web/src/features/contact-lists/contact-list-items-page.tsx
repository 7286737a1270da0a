import { hasStatic, type ContactListItemView } from '@atendo/domain';
import { ArrowLeft, CheckCircle2, FileUp, Pencil, Trash2, XCircle } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { CampaignArea } from '@/features/campaigns/campaign-area';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { toastError } from '@/lib/errors';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { useUrlSearch } from '@/lib/use-url-search';
import { ContactListItemDialog } from './contact-list-item-dialog';
import { useContactList, useContactListItemsInfinite } from './queries';
import { contactListItemSocketBinding, contactListSocketBinding } from './realtime';
import { formatPhoneNumber } from '@/lib/phone';

const BINDINGS = [contactListSocketBinding, contactListItemSocketBinding] as const;

/** Spreadsheets the import takes (docs/product/campaigns.md#validation). */
export const SHEET_TYPES = ['.xls', '.xlsx'] as const;

const isSheet = (file: File) => SHEET_TYPES.some((ext) => file.name.toLowerCase().endsWith(ext));

/**
 * /contact-lists/:contactListId/contacts (docs/product/contacts.md Contact list items page): the list's name,
 * search, back, spreadsheet import after a confirmation, add, and the items with their
 * WhatsApp check. A profile user sees the access-denied view; delete needs
 * contacts-page:deleteContact.
 */
export function ContactListItemsPage() {
  return (
    <CampaignArea adminOnly>
      <ContactListItems />
    </CampaignArea>
  );
}

function ContactListItems() {
  const { t } = useTranslation();
  const deleteItem = useRouteMutation('contactListItemsDelete');
  const uploadSheet = useRouteMutation('contactListsUpload');
  useSocketCache(BINDINGS);
  const contactListId = Number(useParams().contactListId);
  const canDelete = hasStatic(permissionUser(useCurrentUser()), 'contacts-page:deleteContact');
  const [search, setSearch, searchParam] = useUrlSearch();
  const [editing, setEditing] = useState<{ open: boolean; item: ContactListItemView | null }>({
    open: false,
    item: null,
  });
  const [deleting, setDeleting] = useState<ContactListItemView | null>(null);
  const [confirmingImport, setConfirmingImport] = useState(false);
  const [importing, setImporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useContactList(contactListId);
  const query = useContactListItemsInfinite(contactListId, searchParam);
  const rows = query.data?.pages.flatMap((p) => p.contacts) ?? [];
  const columns = useMemo<ColumnDef<ContactListItemView, unknown>[]>(
    () => [
      {
        id: 'valid',
        header: t('contactListItems.valid'),
        cell: ({ row }) =>
          row.original.isWhatsappValid ? (
            <CheckCircle2
              className="mx-auto size-5 text-green-600"
              role="img"
              aria-label={t('contactListItems.validYes')}
            />
          ) : (
            <XCircle
              className="mx-auto size-5 text-muted-foreground"
              role="img"
              aria-label={t('contactListItems.validNo')}
            />
          ),
        meta: { headClassName: 'w-20 text-center', cellClassName: 'text-center' },
      },
      {
        id: 'name',
        header: t('contactListItems.name'),
        cell: ({ row }) => row.original.name,
        meta: { cellClassName: 'font-medium' },
      },
      {
        id: 'number',
        header: t('contactListItems.number'),
        cell: ({ row }) => formatPhoneNumber(row.original.number),
        meta: { cellClassName: 'tabular-nums' },
      },
      {
        id: 'email',
        header: t('contactListItems.email'),
        cell: ({ row }) => row.original.email ?? '',
      },
      {
        id: 'actions',
        header: t('contactListItems.actions'),
        cell: ({ row }) => (
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('contactListItems.edit', { name: row.original.name })}
              onClick={() => setEditing({ open: true, item: row.original })}
            >
              <Pencil />
            </Button>
            {canDelete ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('contactListItems.delete', { name: row.original.name })}
                onClick={() => setDeleting(row.original)}
              >
                <Trash2 />
              </Button>
            ) : null}
          </>
        ),
        meta: { headClassName: 'w-28 text-right', cellClassName: 'text-right whitespace-nowrap' },
      },
    ],
    [t, canDelete],
  );
  const table = useListTable({ data: rows, columns, getRowId: (item) => String(item.id) });

  const remove = async (item: ContactListItemView) => {
    try {
      await deleteItem.mutateAsync({ params: { id: item.id } });
      notify.success(t('contactListItems.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!isSheet(file)) return notify.error(t('contactListItems.importWrongType'));
    const formData = new FormData();
    formData.append('file', file);
    setImporting(true);
    try {
      const report = await uploadSheet.mutateAsync({
        params: { id: contactListId },
        formData,
      });
      notify.success(t('contactListItems.imported', report));
      const first = report.failed[0];
      if (first)
        notify.warning(
          t('contactListItems.importFailed', {
            count: report.failed.length,
            row: first.row,
            reason: first.reason,
          }),
        );
    } catch (err) {
      toastError(err);
    } finally {
      setImporting(false);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={list.data?.name ?? ''}>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t('contactListItems.search')} value={search} onChange={setSearch} />
          <Button variant="outline" asChild>
            <Link to="/contact-lists">
              <ArrowLeft />
              {t('contactListItems.back')}
            </Link>
          </Button>
          <Button variant="outline" disabled={importing} onClick={() => setConfirmingImport(true)}>
            <FileUp />
            {t('contactListItems.import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={SHEET_TYPES.join(',')}
            aria-label={t('contactListItems.importChoose')}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <AddButton
            label={t('contactListItems.add')}
            onClick={() => setEditing({ open: true, item: null })}
          />
        </div>
      </PageHeader>
      <InfiniteListFrame list={query}>
        <DataTable
          table={table}
          label={list.data?.name ?? t('contactListItems.name')}
          rowProps={(item) => ({ 'aria-label': item.name })}
          status={{
            pending: query.isPending || query.isFetchingNextPage,
            loadingText: t('contactListItems.loading'),
            emptyText: t('contactListItems.empty'),
          }}
        />
      </InfiniteListFrame>
      <ContactListItemDialog
        open={editing.open}
        contactListId={contactListId}
        item={editing.item}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        open={confirmingImport}
        title={t('contactListItems.importTitle')}
        description={t('contactListItems.importConfirm')}
        confirmLabel={t('contactListItems.importChoose')}
        cancelLabel={t('contactListItems.cancel')}
        onConfirm={() => fileInput.current?.click()}
        onClose={() => setConfirmingImport(false)}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('contactListItems.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('contactListItems.confirmDelete')}
        confirmLabel={t('contactListItems.confirm')}
        cancelLabel={t('contactListItems.cancel')}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
