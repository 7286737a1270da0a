import {
  useDraggable,
  useDroppable,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NativeSelect } from '@/components/ui/native-select';
import { textColorOn } from '@/lib/color';
import { cn } from '@/lib/utils';
import { cardMessage, cardName, formatBRL, ticketValor, type LaneKey } from './board-model';
import type { KanbanTicket } from './queries';

/** A column of the board: the default lane (tag null) or a lane tag. */
export interface BoardLane {
  key: LaneKey;
  tagId: number | null;
  name: string;
  color: string;
  tickets: KanbanTicket[];
}

/** What a dragged card carries to the drop handler. */
export interface CardDragData {
  ticket: KanbanTicket;
  lane: LaneKey;
}

/**
 * Pointer drags land on the lane under the pointer; keyboard drags (no pointer) on the lane
 * the moved card overlaps most.
 */
export const laneCollision: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

/**
 * Keyboard moves jump a whole lane: ←/→ put the card over the previous or next column (left
 * to right on screen); other arrows do nothing.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  const rects = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  if (rects.length === 0) return undefined;
  const x = currentCoordinates.x;
  let index = rects.findIndex((r) => x >= r.left && x < r.right);
  if (index < 0) index = x < rects[0]!.left ? -1 : rects.length;
  const next = rects[Math.min(Math.max(index + step, 0), rects.length - 1)]!;
  return { x: next.left + 8, y: currentCoordinates.y };
};

/** One column: its colour header with the card count and the total value, then its cards. */
export function KanbanLaneColumn({
  lane,
  lanes,
  onMove,
}: {
  lane: BoardLane;
  /** Every column, for the cards' "move to" select. */
  lanes: readonly BoardLane[];
  onMove: (ticket: KanbanTicket, from: LaneKey, to: LaneKey) => void;
}) {
  const { t, i18n } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: lane.key });
  const total = lane.tickets.reduce((sum, ticket) => sum + ticketValor(ticket), 0);
  return (
    <section
      ref={setNodeRef}
      aria-label={lane.name}
      data-lane={lane.key}
      className={cn(
        'flex h-full w-72 shrink-0 flex-col rounded-md border bg-muted/40',
        isOver && 'ring-2 ring-primary',
      )}
    >
      <header
        className="rounded-t-md px-3 py-2"
        style={{ backgroundColor: lane.color, color: textColorOn(lane.color) }}
      >
        <h2 className="truncate text-sm font-semibold" title={lane.name}>
          {lane.name}
        </h2>
        <div className="flex justify-between gap-2 text-xs">
          <span data-testid="lane-count">
            {t('kanbanBoard.cards', { count: lane.tickets.length })}
          </span>
          <span data-testid="lane-total">
            {t('kanbanBoard.total', { value: formatBRL(total, i18n.language) })}
          </span>
        </div>
      </header>
      <ul className="grid min-h-24 flex-1 content-start gap-2 overflow-y-auto p-2">
        {lane.tickets.map((ticket) => (
          <li key={ticket.id}>
            <KanbanCard ticket={ticket} lane={lane.key} lanes={lanes} onMove={onMove} />
          </li>
        ))}
        {lane.tickets.length === 0 && (
          <li className="py-4 text-center text-xs text-muted-foreground">
            {t('kanbanBoard.empty')}
          </li>
        )}
      </ul>
    </section>
  );
}

/**
 * A ticket card: dragged by pointer anywhere on it, or by keyboard from its grip; its
 * "move to" select moves it without dragging.
 */
function KanbanCard({
  ticket,
  lane,
  lanes,
  onMove,
}: {
  ticket: KanbanTicket;
  lane: LaneKey;
  lanes: readonly BoardLane[];
  onMove: (ticket: KanbanTicket, from: LaneKey, to: LaneKey) => void;
}) {
  const { t } = useTranslation();
  const data: CardDragData = { ticket, lane };
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: `ticket-${ticket.id}`,
    data,
  });
  const name = ticket.contact.name;
  return (
    <article
      ref={setNodeRef}
      aria-label={name}
      data-ticket-id={ticket.id}
      className={cn('rounded-md border bg-card p-2 shadow-xs', isDragging && 'opacity-40')}
      {...listeners}
    >
      <div className="flex items-start gap-1">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          aria-label={t('kanbanBoard.drag', { name })}
          className="-ml-1 cursor-grab rounded p-0.5 text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <CardBody ticket={ticket} />
      </div>
      <NativeSelect
        className="mt-2 h-7 text-xs"
        aria-label={t('kanbanBoard.moveTo', { name })}
        value={lane}
        onChange={(e) => onMove(ticket, lane, e.target.value as LaneKey)}
      >
        {lanes.map((l) => (
          <option key={l.key} value={l.key}>
            {l.name}
          </option>
        ))}
      </NativeSelect>
    </article>
  );
}

/** What a card shows: number, unread badge, name (a link to the ticket), message, attendant, value. */
function CardBody({ ticket, preview = false }: { ticket: KanbanTicket; preview?: boolean }) {
  const { t, i18n } = useTranslation();
  const valor = ticketValor(ticket);
  const name = cardName(ticket);
  return (
    <div className="min-w-0 flex-1 text-sm">
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{t('kanbanBoard.ticketNumber', { id: ticket.id })}</span>
        {ticket.unreadMessages > 0 && (
          <span
            className="rounded-full bg-green-600 px-1.5 text-[0.7rem] font-semibold text-white"
            aria-label={t('kanbanBoard.unread', { count: ticket.unreadMessages })}
            title={t('kanbanBoard.unread', { count: ticket.unreadMessages })}
          >
            {ticket.unreadMessages}
          </span>
        )}
      </div>
      {preview ? (
        <p className="font-medium">{name}</p>
      ) : (
        <Link
          to={`/tickets/${ticket.uuid}`}
          className="font-medium hover:underline"
          title={t('kanbanBoard.open', { name: ticket.contact.name })}
          data-testid="card-name"
        >
          {name}
        </Link>
      )}
      <p className="truncate text-xs text-muted-foreground" title={ticket.lastMessage ?? ''}>
        {cardMessage(ticket)}
      </p>
      <div className="mt-1 flex items-center justify-between gap-2 text-xs">
        <span className="truncate">{ticket.user?.name ?? t('kanbanBoard.noAttendant')}</span>
        {valor > 0 && <span className="font-semibold">{formatBRL(valor, i18n.language)}</span>}
      </div>
    </div>
  );
}

/** The card following the pointer while it is dragged (not interactive). */
export function KanbanCardPreview({ ticket }: { ticket: KanbanTicket }) {
  return (
    <div className="w-68 cursor-grabbing rounded-md border bg-card p-2 shadow-lg">
      <CardBody ticket={ticket} preview />
    </div>
  );
}
