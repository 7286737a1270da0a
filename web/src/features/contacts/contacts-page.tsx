import { hasStatic, type ContactView } from '@atendo/domain';
import type { ColumnDef } from '@tanstack/react-table';
import {
  Ban,
  CheckCircle2,
  Download,
  FileSpreadsheet,
  MessageCircle,
  Pencil,
  Smartphone,
  Tags,
  Trash2,
  Upload,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DataTable, useListTable } from '@/components/data-table';
import { AddButton, ListSearch } from '@/components/list-page';
import { ROW_ACTIONS_CELL } from '@/components/row-actions';
import { PageHeader } from '@/components/page-header';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { loadMoreNearBottom } from '@/lib/infinite-scroll';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { toastError } from '@/lib/errors';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { downloadContactsExport, useOpenTicketFor } from './contact-actions';
import { ContactModal } from './contact-modal';
import { useContactsInfinite, useTagOptions } from './queries';
import { contactSocketBinding } from './realtime';
import { formatPhoneNumber } from '@/lib/phone';

const BINDINGS = [contactSocketBinding] as const;
/** Search waits this long after the last keystroke (docs/product/contacts.md). */
const SEARCH_DEBOUNCE_MS = 500;

type Pending = { kind: 'block' | 'unblock' | 'delete'; contact: ContactView } | null;

/** The search text, settled 500 ms after the last change. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Channel colours in lists (docs/product/contacts.md): whatsapp green, facebook blue, any other pink. */
const channelColor = (channel: string | undefined) =>
  channel === 'whatsapp'
    ? 'text-green-600'
    : channel === 'facebook'
      ? 'text-blue-600'
      : 'text-pink-600';

/** /contacts: search, tag filter, import/export, the table with infinite scroll and actions. */
export function ContactsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deleteContact = useRouteMutation('contactsDelete');
  const blockContact = useRouteMutation('contactsBlock');
  const importChats = useRouteMutation('contactsImportChats');
  const me = useCurrentUser();
  useSocketCache(BINDINGS);
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [modal, setModal] = useState<{ open: boolean; contactId: number | null }>({
    open: false,
    contactId: null,
  });
  const [pending, setPending] = useState<Pending>(null);
  const tags = useTagOptions();
  const list = useContactsInfinite({ searchParam, tagIds });
  const contacts = list.data?.pages.flatMap((p) => p.contacts) ?? [];
  const canDelete = hasStatic(me, 'contacts-page:deleteContact');

  const onScroll = loadMoreNearBottom(list);

  const confirmPending = async () => {
    if (!pending) return;
    const { kind, contact } = pending;
    try {
      if (kind === 'delete') {
        await deleteContact.mutateAsync({ params: { id: contact.id } });
        notify.success(t('contacts.deleted_toast'));
      } else {
        await blockContact.mutateAsync({
          params: { id: contact.id },
          body: { active: kind === 'unblock' },
        });
        notify.success(t(kind === 'block' ? 'contacts.blocked_toast' : 'contacts.unblocked_toast'));
      }
    } catch (err) {
      toastError(err);
    }
  };

  const openTicketFor = useOpenTicketFor();
  const openTicket = async (contact: ContactView) => {
    try {
      navigate(`/tickets/${await openTicketFor(contact, me.id)}`);
    } catch (err) {
      toastError(err);
    }
  };

  const importFromPhone = async () => {
    try {
      await importChats.mutateAsync({});
    } catch (err) {
      toastError(err);
    }
  };

  const exportExcel = async () => {
    try {
      await downloadContactsExport();
    } catch (err) {
      toastError(err);
    }
  };

  // Rebuilt each render: the actions close over the page's state setters and openTicket.
  const columns: ColumnDef<ContactView, unknown>[] = [
    {
      id: 'avatar',
      header: '',
      cell: ({ row }) => (
        <Avatar>
          <AvatarImage
            src={row.original.urlPicture ?? row.original.profilePicUrl ?? undefined}
            alt=""
          />
          <AvatarFallback>{row.original.name.slice(0, 1).toUpperCase()}</AvatarFallback>
        </Avatar>
      ),
      meta: { headClassName: 'w-12' },
    },
    {
      id: 'name',
      header: t('contacts.name'),
      cell: ({ row }) => row.original.name,
      meta: { cellClassName: 'font-medium' },
    },
    {
      id: 'number',
      header: t('contacts.number'),
      cell: ({ row }) => formatPhoneNumber(row.original.number),
    },
    { id: 'email', header: t('contacts.email'), cell: ({ row }) => row.original.email },
    {
      id: 'connection',
      header: t('contacts.connection'),
      cell: ({ row }) => row.original.whatsapp?.name,
    },
    {
      id: 'status',
      header: t('contacts.status'),
      cell: ({ row }) => (
        <Badge variant={row.original.active ? 'secondary' : 'warning'}>
          {row.original.active ? t('contacts.active') : t('contacts.blocked')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: t('contacts.actions'),
      cell: ({ row: { original: contact } }) => (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('contacts.openTicket')}
            disabled={!contact.active}
            onClick={() => void openTicket(contact)}
          >
            <MessageCircle className={channelColor(contact.whatsapp?.channel ?? contact.channel)} />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('contacts.edit')}
            onClick={() => setModal({ open: true, contactId: contact.id })}
          >
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={contact.active ? t('contacts.block') : t('contacts.unblock')}
            onClick={() => setPending({ kind: contact.active ? 'block' : 'unblock', contact })}
          >
            {contact.active ? <Ban /> : <CheckCircle2 />}
          </Button>
          {canDelete ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('contacts.delete')}
              onClick={() => setPending({ kind: 'delete', contact })}
            >
              <Trash2 />
            </Button>
          ) : null}
        </>
      ),
      meta: { headClassName: 'text-right', cellClassName: ROW_ACTIONS_CELL },
    },
  ];
  const table = useListTable({
    data: contacts,
    columns,
    getRowId: (contact) => String(contact.id),
  });

  const toggleTag = (id: number) =>
    setTagIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const confirmTexts = pending && {
    title: t(
      pending.kind === 'delete'
        ? 'contacts.confirmDeleteTitle'
        : pending.kind === 'block'
          ? 'contacts.confirmBlockTitle'
          : 'contacts.confirmUnblockTitle',
      { name: pending.contact.name },
    ),
    description: t(
      pending.kind === 'delete'
        ? 'contacts.confirmDelete'
        : pending.kind === 'block'
          ? 'contacts.confirmBlock'
          : 'contacts.confirmUnblock',
    ),
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('contacts.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <Popover>
            <PopoverTrigger asChild>
              {/* Its name is its text (WCAG 2.5.3): the filter, with how many tags are chosen. */}
              <Button variant="outline">
                <Tags aria-hidden />
                {tagIds.length
                  ? `${t('contacts.tagFilter')} (${tagIds.length})`
                  : t('contacts.tagFilter')}
              </Button>
            </PopoverTrigger>
            <PopoverContent align="end" className="grid max-h-72 gap-2 overflow-auto">
              {(tags.data ?? []).map((tag) => (
                <label key={tag.id} className="flex items-center gap-2 text-sm">
                  <Checkbox checked={tagIds.includes(tag.id)} onChange={() => toggleTag(tag.id)} />
                  <span
                    className="inline-block size-3 rounded-full"
                    style={{ backgroundColor: tag.color ?? undefined }}
                  />
                  {tag.name}
                </label>
              ))}
            </PopoverContent>
          </Popover>
          <ListSearch label={t('contacts.search')} value={search} onChange={setSearch} />
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline">
                <FileSpreadsheet />
                {t('contacts.importExport')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => void importFromPhone()}>
                <Smartphone />
                {t('contacts.importPhone')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => navigate('/contacts/import')}>
                <Upload />
                {t('contacts.importExcel')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void exportExcel()}>
                <Download />
                {t('contacts.exportExcel')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <AddButton
            label={t('contacts.add')}
            onClick={() => setModal({ open: true, contactId: null })}
          />
        </div>
      </PageHeader>
      <div
        className="min-h-0 flex-1 overflow-auto rounded-md border"
        onScroll={onScroll}
        data-testid="contacts-scroll"
      >
        <DataTable
          table={table}
          label={t('contacts.title')}
          status={{
            pending: list.isPending || list.isFetchingNextPage,
            loadingText: t('contacts.loading'),
            emptyText: t('contacts.empty'),
          }}
        />
      </div>
      <ContactModal
        open={modal.open}
        contactId={modal.contactId}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
      />
      <ConfirmDialog
        confirmLabel={t('contacts.confirm')}
        cancelLabel={t('contacts.cancel')}
        open={!!pending}
        title={confirmTexts?.title ?? ''}
        description={confirmTexts?.description ?? ''}
        onConfirm={() => void confirmPending()}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
