import type { CallInput } from '@atendo/api-client';
import { canViewDashboard, isAdministrator } from '@atendo/domain';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { format, subDays } from 'date-fns';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { PlanGate } from '@/components/plan-gate';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { MultiSelect } from '@/features/tickets/list/multi-select';
import { useQueueOptions } from '@/features/tickets/list/queries';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { optimisticRouteMutation } from '@/lib/cache/optimistic';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import {
  KANBAN_SORTS,
  laneKey,
  laneTagId,
  movedTicket,
  OPEN_LANE_COLOR,
  readSort,
  sortTickets,
  ticketLaneId,
  writeSort,
  type KanbanSort,
  type LaneKey,
} from './board-model';
import {
  KanbanCardPreview,
  KanbanLaneColumn,
  laneCollision,
  laneKeyboardCoordinates,
  type BoardLane,
  type CardDragData,
} from './kanban-lanes';
import {
  kanbanKeys,
  useKanbanLanes,
  useKanbanTickets,
  type KanbanFilters,
  type KanbanTicket,
  type KanbanTicketsData,
} from './queries';
import { kanbanTagSocketBinding, kanbanTicketSocketBinding } from './realtime';

const BINDINGS = [kanbanTicketSocketBinding, kanbanTagSocketBinding] as const;

const day = (d: Date) => format(d, 'yyyy-MM-dd');

/**
 * The board's first filters: the last 30 days to today (the lineage starts at today only,
 * which hides every open ticket created before today).
 */
export function defaultKanbanFilters(today = new Date()): KanbanFilters {
  return { queueIds: [], startDate: day(subDays(today, 30)), endDate: day(today) };
}

const SORT_LABELS = {
  ticketNumber: 'kanbanBoard.sortTicketNumber',
  lastMessageTime: 'kanbanBoard.sortLastMessageTime',
  valorDesc: 'kanbanBoard.sortValorDesc',
} as const satisfies Record<KanbanSort, string>;

/**
 * /kanban (docs/product/kanban-and-tags.md Kanban board): open and pending tickets as cards in lanes — 'Em aberto'
 * (no lane tag) first, then one column per kanban tag — filtered by queues and creation days,
 * sorted as chosen. Dragging a card (or its "move to" select) sets or clears its lane.
 * Needs the plan's useKanban.
 */
export function KanbanBoardPage() {
  return (
    <PlanGate feature="useKanban">
      <KanbanBoard />
    </PlanGate>
  );
}

function KanbanBoard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const me = useCurrentUser();
  useSocketCache(BINDINGS);
  const [filters, setFilters] = useState<KanbanFilters>(() => defaultKanbanFilters());
  const [sort, setSort] = useState<KanbanSort>(readSort);
  const [dragged, setDragged] = useState<KanbanTicket | null>(null);
  const lanesQuery = useKanbanLanes();
  const ticketsQuery = useKanbanTickets(filters);
  const companyQueues = useQueueOptions();
  const showAddColumns = canViewDashboard(permissionUser(me));

  // Admins pick among every queue; the others among their own.
  const queueOptions = (
    isAdministrator(permissionUser(me))
      ? (companyQueues.data ?? me.queues ?? [])
      : (me.queues ?? [])
  ).map((q) => ({ id: q.id, name: q.name, color: q.color }));

  const lanes = useMemo(() => lanesQuery.data ?? [], [lanesQuery.data]);
  const board = useMemo<BoardLane[]>(() => {
    const tickets = sortTickets(ticketsQuery.data?.pages.flatMap((p) => p.tickets) ?? [], sort);
    const columns: BoardLane[] = [
      {
        key: laneKey(null),
        tagId: null,
        name: t('kanbanBoard.openLane'),
        color: OPEN_LANE_COLOR,
        tickets: [],
      },
      ...lanes.map((lane) => ({
        key: laneKey(lane.id),
        tagId: lane.id,
        name: lane.name,
        color: lane.color ?? OPEN_LANE_COLOR,
        tickets: [] as KanbanTicket[],
      })),
    ];
    const byKey = new Map(columns.map((c) => [c.key, c]));
    for (const ticket of tickets)
      byKey.get(laneKey(ticketLaneId(ticket, lanes)))!.tickets.push(ticket);
    return columns;
  }, [ticketsQuery.data, lanes, sort, t]);

  const laneName = (id: UniqueIdentifier | undefined) =>
    board.find((l) => l.key === id)?.name ?? '';

  // A move shows at once in the board's loaded cards; a refused one puts them back and reads
  // them again (docs/development.md#data-layer).
  const showMove = <V,>(placed: (input: V) => { ticketId: number; tagId: number | null }) =>
    optimisticRouteMutation<V>(client, kanbanKeys.ticketList(filters), (data, input) => {
      const { ticketId, tagId } = placed(input);
      const target = tagId === null ? null : (lanes.find((l) => l.id === tagId) ?? null);
      const cards = data as KanbanTicketsData;
      return {
        ...cards,
        pages: cards.pages.map((p) => ({
          ...p,
          tickets: p.tickets.map((x) => (x.id === ticketId ? movedTicket(x, target) : x)),
        })),
      };
    });
  const setLane = useRouteMutation(
    'ticketTagsStore',
    showMove<CallInput<'ticketTagsStore'>>(({ params }) => ({
      ticketId: Number(params.ticketId),
      tagId: Number(params.tagId),
    })),
  );
  const clearLane = useRouteMutation(
    'ticketTagsRemove',
    showMove<CallInput<'ticketTagsRemove'>>(({ params }) => ({
      ticketId: Number(params.ticketId),
      tagId: null,
    })),
  );

  /** Sets or clears the card's lane at once, then on the server; undone when that fails. */
  const move = async (ticket: KanbanTicket, from: LaneKey, to: LaneKey) => {
    if (from === to) return;
    const tagId = laneTagId(to);
    const target = tagId === null ? null : (lanes.find((l) => l.id === tagId) ?? null);
    if (tagId !== null && !target) return;
    try {
      if (target) await setLane.mutateAsync({ params: { ticketId: ticket.id, tagId: target.id } });
      else await clearLane.mutateAsync({ params: { ticketId: ticket.id } });
      notify.success(t(target ? 'kanbanBoard.updated' : 'kanbanBoard.removed'));
    } catch (err) {
      toastError(err);
    }
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );
  const dragName = (data: unknown) => (data as CardDragData | undefined)?.ticket.contact.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('kanbanBoard.dragStart', { name: dragName(active.data.current) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('kanbanBoard.dragOver', {
            name: dragName(active.data.current),
            lane: laneName(over.id),
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('kanbanBoard.dragEnd', { name: dragName(active.data.current), lane: laneName(over.id) })
        : t('kanbanBoard.dragCancel', { name: dragName(active.data.current) }),
    onDragCancel: ({ active }) =>
      t('kanbanBoard.dragCancel', { name: dragName(active.data.current) }),
  };

  const onDragStart = ({ active }: DragStartEvent) =>
    setDragged((active.data.current as CardDragData | undefined)?.ticket ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const data = active.data.current as CardDragData | undefined;
    if (!data || !over) return;
    void move(data.ticket, data.lane, String(over.id) as LaneKey);
  };

  const setFilter = <K extends keyof KanbanFilters>(k: K, value: KanbanFilters[K]) =>
    setFilters((f) => ({ ...f, [k]: value }));
  const pending = lanesQuery.isPending || ticketsQuery.isPending;

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('kanbanBoard.title')}>
        {showAddColumns && (
          <Button asChild>
            <Link to="/tagsKanban">
              <Plus />
              {t('kanbanBoard.addColumns')}
            </Link>
          </Button>
        )}
      </PageHeader>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <span className="text-sm font-medium" aria-hidden>
            {t('kanbanBoard.queues')}
          </span>
          <MultiSelect
            label={t('kanbanBoard.queues')}
            options={queueOptions}
            selected={filters.queueIds}
            onChange={(ids) => setFilter('queueIds', ids)}
            more={(count) => t('kanbanBoard.moreQueues', { count })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="kanban-start">{t('kanbanBoard.startDate')}</Label>
          <Input
            id="kanban-start"
            type="date"
            className="h-8 w-40"
            value={filters.startDate}
            max={filters.endDate || undefined}
            onChange={(e) => setFilter('startDate', e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="kanban-end">{t('kanbanBoard.endDate')}</Label>
          <Input
            id="kanban-end"
            type="date"
            className="h-8 w-40"
            value={filters.endDate}
            min={filters.startDate || undefined}
            onChange={(e) => setFilter('endDate', e.target.value)}
          />
        </div>
        <div className="grid w-48 gap-1">
          <Label htmlFor="kanban-sort">{t('kanbanBoard.sortBy')}</Label>
          <NativeSelect
            id="kanban-sort"
            className="h-8"
            value={sort}
            onChange={(e) => {
              const next = e.target.value as KanbanSort;
              setSort(next);
              writeSort(next);
            }}
          >
            {KANBAN_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(SORT_LABELS[s])}
              </option>
            ))}
          </NativeSelect>
        </div>
        {ticketsQuery.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            disabled={ticketsQuery.isFetchingNextPage}
            onClick={() => void ticketsQuery.fetchNextPage()}
          >
            {t('kanbanBoard.loadMore')}
          </Button>
        )}
      </div>
      {pending ? (
        <p className="text-muted-foreground">{t('kanbanBoard.loading')}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={laneCollision}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('kanbanBoard.dragInstructions') },
          }}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
        >
          <div className="flex min-h-0 flex-1 gap-3 overflow-x-auto pb-2">
            {board.map((lane) => (
              <KanbanLaneColumn
                key={lane.key}
                lane={lane}
                lanes={board}
                onMove={(ticket, from, to) => void move(ticket, from, to)}
              />
            ))}
          </div>
          <DragOverlay>{dragged ? <KanbanCardPreview ticket={dragged} /> : null}</DragOverlay>
        </DndContext>
      )}
    </div>
  );
}
