import { hasStatic, type ContactView } from '@atendo/domain';
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
import { AddButton, ListSearch } from '@/components/list-page';
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
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { loadMoreNearBottom } from '@/lib/infinite-scroll';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { toastError } from '@/lib/errors';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { downloadContactsExport, openTicketFor } from './contact-actions';
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
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-12" />
              <TableHead>{t('contacts.name')}</TableHead>
              <TableHead>{t('contacts.number')}</TableHead>
              <TableHead>{t('contacts.email')}</TableHead>
              <TableHead>{t('contacts.connection')}</TableHead>
              <TableHead>{t('contacts.status')}</TableHead>
              <TableHead className="text-right">{t('contacts.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {contacts.map((contact) => (
              <TableRow key={contact.id}>
                <TableCell>
                  <Avatar>
                    <AvatarImage
                      src={contact.urlPicture ?? contact.profilePicUrl ?? undefined}
                      alt=""
                    />
                    <AvatarFallback>{contact.name.slice(0, 1).toUpperCase()}</AvatarFallback>
                  </Avatar>
                </TableCell>
                <TableCell className="font-medium">{contact.name}</TableCell>
                <TableCell>{formatPhoneNumber(contact.number)}</TableCell>
                <TableCell>{contact.email}</TableCell>
                <TableCell>{contact.whatsapp?.name}</TableCell>
                <TableCell>
                  <Badge variant={contact.active ? 'secondary' : 'warning'}>
                    {contact.active ? t('contacts.active') : t('contacts.blocked')}
                  </Badge>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('contacts.openTicket')}
                    disabled={!contact.active}
                    onClick={() => void openTicket(contact)}
                  >
                    <MessageCircle
                      className={channelColor(contact.whatsapp?.channel ?? contact.channel)}
                    />
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
                    onClick={() =>
                      setPending({ kind: contact.active ? 'block' : 'unblock', contact })
                    }
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
                </TableCell>
              </TableRow>
            ))}
            {list.isPending || list.isFetchingNextPage ? (
              <TableRow>
                <TableCell colSpan={7} className="text-center text-muted-foreground">
                  {t('contacts.loading')}
                </TableCell>
              </TableRow>
            ) : contacts.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7} className="text-center text-muted-foreground">
                  {t('contacts.empty')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
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
