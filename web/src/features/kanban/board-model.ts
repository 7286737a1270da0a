import type { KanbanLane, KanbanTicket } from './queries';

/** The board's sort choices (docs/product/kanban-and-tags.md Kanban board), kept in local storage. */
export const KANBAN_SORTS = ['ticketNumber', 'lastMessageTime', 'valorDesc'] as const;
export type KanbanSort = (typeof KANBAN_SORTS)[number];

/** The local storage key of the sort choice (the spec does not name it). */
export const SORT_STORAGE_KEY = 'kanbanSortOption';
const DEFAULT_SORT: KanbanSort = 'lastMessageTime';

/** The remembered sort; newest activity first (the server's order) when none is stored. */
export function readSort(): KanbanSort {
  try {
    const saved = globalThis.localStorage?.getItem(SORT_STORAGE_KEY) ?? '';
    return (KANBAN_SORTS as readonly string[]).includes(saved)
      ? (saved as KanbanSort)
      : DEFAULT_SORT;
  } catch {
    return DEFAULT_SORT;
  }
}

export function writeSort(sort: KanbanSort): void {
  try {
    globalThis.localStorage?.setItem(SORT_STORAGE_KEY, sort);
  } catch {
    // Private mode or a full quota: the choice lasts for this page view only.
  }
}

/** The default lane 'Em aberto' (tickets without a lane tag) and its grey. */
export const OPEN_LANE_ID = 'open';
export const OPEN_LANE_COLOR = '#5C5C5C';

/** A lane's droppable id: 'open' for the default lane, else `lane-{tagId}`. */
export type LaneKey = typeof OPEN_LANE_ID | `lane-${number}`;
export const laneKey = (tagId: number | null): LaneKey =>
  tagId === null ? OPEN_LANE_ID : `lane-${tagId}`;
/** The tag id of a lane key (null: the default lane). */
export function laneTagId(key: string): number | null {
  if (!key.startsWith('lane-')) return null;
  const id = Number(key.slice(5));
  return Number.isInteger(id) ? id : null;
}

/** The lane a card sits in: its first tag that is one of the board's lanes, else none. */
export function ticketLaneId(ticket: KanbanTicket, lanes: readonly KanbanLane[]): number | null {
  const ids = new Set(lanes.map((l) => l.id));
  return ticket.tags.find((t) => t.kanban === 1 && ids.has(t.id))?.id ?? null;
}

/**
 * A money text as people type it into the contact's extra info: '1500', '1500.5', '1.500,50',
 * 'R$ 1.500,50'. Anything unreadable counts as 0.
 */
export function parseMoney(raw: string | undefined | null): number {
  if (!raw) return 0;
  let text = raw.replace(/[^\d,.-]/g, '');
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(text)) text = text.replace(/\./g, '');
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}

/** A card's opportunity value: its contact's extra info named valor. */
export function ticketValor(ticket: KanbanTicket): number {
  const entry = ticket.contact.extraInfo.find((e) => e.name.trim().toLowerCase() === 'valor');
  return parseMoney(entry?.value);
}

const time = (value: unknown) => (value ? new Date(value as string).getTime() || 0 : 0);

/** The cards in the chosen order (a copy). */
export function sortTickets(tickets: readonly KanbanTicket[], sort: KanbanSort): KanbanTicket[] {
  const out = [...tickets];
  if (sort === 'ticketNumber') out.sort((a, b) => a.id - b.id);
  else if (sort === 'valorDesc')
    out.sort((a, b) => ticketValor(b) - ticketValor(a) || time(b.updatedAt) - time(a.updatedAt));
  else out.sort((a, b) => time(b.updatedAt) - time(a.updatedAt) || b.id - a.id);
  return out;
}

/** A text cut to `max` characters, with an ellipsis when cut. */
export function cut(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

/** A card's contact name on the board: 10 characters. */
export const cardName = (ticket: KanbanTicket) => cut(ticket.contact.name, 10);
/** A card's last message on the board: 20 characters. */
export const cardMessage = (ticket: KanbanTicket) => cut(ticket.lastMessage, 20);

/** An amount in reais, written for the console's language. */
export function formatBRL(value: number, language: string): string {
  return new Intl.NumberFormat(language || 'pt-BR', { style: 'currency', currency: 'BRL' }).format(
    value,
  );
}

/** The card after a move: its lane tags dropped and the target lane's tag added. */
export function movedTicket(ticket: KanbanTicket, lane: KanbanLane | null): KanbanTicket {
  const kept = ticket.tags.filter((t) => t.kanban !== 1);
  return {
    ...ticket,
    tags: lane ? [...kept, { id: lane.id, name: lane.name, color: lane.color, kanban: 1 }] : kept,
  };
}
