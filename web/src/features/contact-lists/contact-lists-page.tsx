import type { ContactListView } from '@atendo/domain';
import { Download, Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatusRow } from '@/components/list-status-row';
import { AddButton, InfiniteListFrame, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
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
        <Table aria-label={t('contactLists.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('contactLists.name')}</TableHead>
              <TableHead className="w-32 text-center">{t('contactLists.contacts')}</TableHead>
              <TableHead className="w-48 text-right">{t('contactLists.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((list) => (
              <TableRow key={list.id} aria-label={list.name} data-contact-list-id={list.id}>
                <TableCell className="font-medium">{list.name}</TableCell>
                <TableCell className="text-center tabular-nums">{list.contactsCount}</TableCell>
                <TableCell className="text-right whitespace-nowrap">
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
                    aria-label={t('contactLists.open', { name: list.name })}
                    asChild
                  >
                    <Link to={`/contact-lists/${list.id}/contacts`}>
                      <Users />
                    </Link>
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('contactLists.edit', { name: list.name })}
                    onClick={() => setEditing({ open: true, list })}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('contactLists.delete', { name: list.name })}
                    onClick={() => setDeleting(list)}
                  >
                    <Trash2 />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            <ListStatusRow
              colSpan={3}
              pending={query.isPending || query.isFetchingNextPage}
              empty={rows.length === 0}
              loadingText={t('contactLists.loading')}
              emptyText={t('contactLists.empty')}
            />
          </TableBody>
        </Table>
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
