import { canShowAllTickets, hasStatic, type TicketView } from '@atendo/domain';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, CheckCheck, Plus } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { lazyNamed } from '@/lib/lazy';
import { notify } from '@/lib/toast';
import { AcceptTicketModal } from './accept-ticket-modal';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { HeldByDialog } from './held-by-dialog';
import { MultiSelect, type Option } from './multi-select';
import { useQueueOptions, type TicketListFilters } from './queries';
import { EMPTY_SEARCH, SearchPanel, type SearchFilters } from './search-panel';
import {
  readSelectedTab,
  readShowAll,
  writeSelectedTab,
  writeShowAll,
  type ListTab,
} from './storage';
import { useTicketCommands, type Holder } from './ticket-actions';
import type { RowMenuItem, RowOptions } from './ticket-row';
import { TicketsList } from './tickets-list';
import { useDebounced } from './use-debounced';
import { useTicketsLive } from './use-tickets-live';

// Dialogs mounted only while open load their code (forms, pickers) on first opening.
const TransferTicketDialog = lazyNamed(
  () => import('../conversation/transfer-ticket-dialog'),
  'TransferTicketDialog',
);
const TicketLogsDialog = lazyNamed(
  () => import('../conversation/ticket-logs-dialog'),
  'TicketLogsDialog',
);
const NewTicketModal = lazyNamed(() => import('./new-ticket-modal'), 'NewTicketModal');

type Dialog =
  | { kind: 'transfer' | 'logs' | 'delete' | 'accept'; ticket: TicketView }
  | { kind: 'heldBy'; holder: Holder }
  | { kind: 'newTicket' | 'closeAll' }
  | null;

/**
 * The tickets list side (docs/product/tickets.md#the-tickets-screen "Tickets screen"): tabs, toolbar, the search tab's panel,
 * the live list of the chosen tab and the dialogs its rows open.
 */
export function TicketsManager({ selectedUuid }: { selectedUuid: string | null }) {
  const { t } = useTranslation();
  const closeTickets = useRouteMutation('ticketsCloseAll');
  const me = useCurrentUser();
  const admin = me.profile === 'admin';
  const mayShowAll = canShowAllTickets(me);
  const tabs = useMemo(
    () =>
      (['open', 'pending', 'group', 'closed', 'search'] as const).filter(
        (tab) => tab !== 'group' || me.allowGroup === true,
      ),
    [me.allowGroup],
  );
  const [tab, setTabState] = useState<ListTab>(() => {
    const saved = readSelectedTab();
    return saved === 'group' && me.allowGroup !== true ? 'open' : saved;
  });
  const [showAll, setShowAllState] = useState(() => mayShowAll && readShowAll());
  const [queueIds, setQueueIds] = useState<number[]>(() => (me.queues ?? []).map((q) => q.id));
  const [sort, setSort] = useState<'ASC' | 'DESC'>('DESC');
  const [search, setSearch] = useState<SearchFilters>(EMPTY_SEARCH);
  const searchText = useDebounced(search.text.trim());
  const [dialog, setDialog] = useState<Dialog>(null);
  const companyQueues = useQueueOptions();
  useTicketsLive(tab);

  const setTab = (next: ListTab) => {
    setTabState(next);
    writeSelectedTab(next);
  };
  const setShowAll = (on: boolean) => {
    setShowAllState(on);
    writeShowAll(on);
  };

  // Admins pick among the company's queues; everyone else among their own.
  const queueOptions: Option<number>[] = admin
    ? (companyQueues.data ?? []).map((q) => ({ id: q.id, name: q.name, color: q.color }))
    : (me.queues ?? []).map((q) => ({ id: q.id, name: q.name, color: q.color }));

  const filters: TicketListFilters = {
    status: tab,
    showAll: tab === 'search' ? false : showAll,
    queueIds,
    sortTickets: tab === 'closed' || tab === 'search' ? 'DESC' : sort,
    searchParam: tab === 'search' ? searchText : '',
    searchOnMessages: tab === 'search' && search.searchOnMessages,
    tags: tab === 'search' ? search.tags : [],
    whatsappIds: tab === 'search' ? search.whatsappIds : [],
    statusFilter: tab === 'search' ? search.statusFilter : [],
    userFilter: tab === 'search' && admin ? search.userFilter : [],
  };

  const commands = useTicketCommands({
    onTab: setTab,
    onHeldBy: (holder) => setDialog({ kind: 'heldBy', holder }),
    onPickQueue: (ticket) => setDialog({ kind: 'accept', ticket }),
  });
  const canDelete = hasStatic(me, 'ticket-options:deleteTicket');
  const showPendingButtons = admin || me.showDashboard === 'enabled';

  const menuOf = (ticket: TicketView, selected: boolean): RowMenuItem[] => {
    const live = ticket.status !== 'closed';
    const item = (key: string, label: string, onSelect: () => void, shown = true) =>
      shown ? [{ key, label: t(label as never), onSelect }] : [];
    return [
      ...item('open', 'tickets.list.row.open', () => commands.open(ticket)),
      ...item(
        'transfer',
        'tickets.list.row.transfer',
        () => setDialog({ kind: 'transfer', ticket }),
        live,
      ),
      ...item('close', 'tickets.list.row.closeTicket', () => void commands.close(ticket), live),
      ...item('chatbot', 'tickets.list.row.chatbot', () => void commands.chatbot(ticket), live),
      ...item(
        'integration',
        'tickets.list.row.integration',
        () => void commands.integration(ticket),
        live,
      ),
      ...item('logs', 'tickets.list.row.logs', () => setDialog({ kind: 'logs', ticket })),
      ...item(
        'delete',
        'tickets.list.row.delete',
        () => setDialog({ kind: 'delete', ticket }),
        canDelete,
      ),
      ...item(
        'pdf',
        'tickets.list.row.exportPdf',
        () => void commands.exportPdf(ticket),
        selected && (ticket.status === 'open' || ticket.status === 'group'),
      ),
    ];
  };

  const rowOptions = (ticket: TicketView): RowOptions => {
    const selected = ticket.uuid === selectedUuid;
    return {
      selected,
      showOwner: admin,
      showPendingButtons,
      menu: menuOf(ticket, selected),
      onOpen: () => commands.open(ticket),
      onAccept: () => void commands.accept(ticket),
      onClose: () => void commands.close(ticket),
    };
  };

  const closeAll = async () => {
    if (tab !== 'open' && tab !== 'pending' && tab !== 'group') return;
    try {
      const { closed } = await closeTickets.mutateAsync({
        body: { status: tab, selectedQueueIds: queueIds },
      });
      notify.success(t('tickets.list.toolbar.closeAllDone', { count: closed }));
    } catch (err) {
      toastError(err);
    }
  };

  const sortable = tab !== 'closed' && tab !== 'search';
  const closable = admin && (tab === 'open' || tab === 'pending' || tab === 'group');
  const target = dialog && 'ticket' in dialog ? dialog.ticket : null;

  return (
    <Tabs
      value={tab}
      onValueChange={(next) => setTab(next as ListTab)}
      className="flex h-full min-h-0 flex-col"
    >
      <TabsList aria-label={t('tickets.list.tabs.label')} className="flex-nowrap gap-0 pb-0">
        {tabs.map((key) => (
          <TabsTrigger
            key={key}
            value={key}
            className="flex-1 rounded-none border-b-2 border-transparent px-2 py-2 text-xs data-[state=active]:border-primary data-[state=active]:bg-transparent data-[state=active]:text-primary"
          >
            {t(`tickets.list.tabs.${key}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={tab} className="flex min-h-0 flex-1 flex-col gap-0 pt-0">
        <div className="flex flex-wrap items-center gap-2 border-b p-2">
          {mayShowAll && tab !== 'search' && (
            <label className="flex items-center gap-1.5 text-xs">
              <Switch checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
              {t('tickets.list.toolbar.showAll')}
            </label>
          )}
          <Button size="sm" className="h-8" onClick={() => setDialog({ kind: 'newTicket' })}>
            <Plus />
            {t('tickets.list.toolbar.newTicket')}
          </Button>
          {closable && (
            <Button
              size="sm"
              variant="outline"
              className="h-8"
              onClick={() => setDialog({ kind: 'closeAll' })}
            >
              <CheckCheck />
              {t('tickets.list.toolbar.closeAll')}
            </Button>
          )}
          <MultiSelect
            label={t('tickets.list.toolbar.queues')}
            options={queueOptions}
            selected={queueIds}
            onChange={setQueueIds}
            more={(count) => t('tickets.list.toolbar.moreQueues', { count })}
          />
          {sortable && (
            <Button
              size="icon"
              variant="ghost"
              className="size-8"
              aria-label={`${t('tickets.list.toolbar.sortLabel')}: ${t(sort === 'ASC' ? 'tickets.list.toolbar.sortAsc' : 'tickets.list.toolbar.sortDesc')}`}
              title={t(
                sort === 'ASC' ? 'tickets.list.toolbar.sortAsc' : 'tickets.list.toolbar.sortDesc',
              )}
              onClick={() => setSort((s) => (s === 'ASC' ? 'DESC' : 'ASC'))}
            >
              {sort === 'ASC' ? <ArrowUpNarrowWide /> : <ArrowDownWideNarrow />}
            </Button>
          )}
        </div>
        {tab === 'search' && (
          <SearchPanel value={search} onChange={setSearch} showUserFilter={admin} />
        )}
        <TicketsList filters={filters} rowOptions={rowOptions} />
      </TabsContent>

      <Suspense fallback={null}>
        {dialog?.kind === 'transfer' && target && (
          <TransferTicketDialog open onOpenChange={(o) => !o && setDialog(null)} ticket={target} />
        )}
        {dialog?.kind === 'logs' && target && (
          <TicketLogsDialog
            open
            onOpenChange={(o) => !o && setDialog(null)}
            ticketUuid={target.uuid}
          />
        )}
        {dialog?.kind === 'newTicket' && (
          <NewTicketModal
            open
            onClose={() => setDialog(null)}
            queues={queueOptions}
            onTab={setTab}
            onHeldBy={(holder) => setDialog({ kind: 'heldBy', holder })}
          />
        )}
      </Suspense>
      <ConfirmDialog
        confirmLabel={t('tickets.list.yes')}
        cancelLabel={t('tickets.list.no')}
        open={dialog?.kind === 'delete'}
        title={t('tickets.list.row.deleteTitle', { name: target?.contact?.name ?? '' })}
        description={t('tickets.list.row.deleteText')}
        onConfirm={() => target && void commands.remove(target)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        confirmLabel={t('tickets.list.yes')}
        cancelLabel={t('tickets.list.no')}
        open={dialog?.kind === 'closeAll'}
        title={t('tickets.list.toolbar.closeAllTitle')}
        description={t('tickets.list.toolbar.closeAllText')}
        onConfirm={() => void closeAll()}
        onClose={() => setDialog(null)}
      />
      <AcceptTicketModal
        ticket={dialog?.kind === 'accept' ? target : null}
        queues={queueOptions}
        onAccept={(ticket, queueId) => void commands.acceptWith(ticket, queueId)}
        onClose={() => setDialog(null)}
      />
      <HeldByDialog
        holder={dialog?.kind === 'heldBy' ? dialog.holder : null}
        onClose={() => setDialog(null)}
      />
    </Tabs>
  );
}
