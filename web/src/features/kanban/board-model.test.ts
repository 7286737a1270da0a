import { describe, expect, it } from 'vitest';
import { cut, laneKey, laneTagId, parseMoney, ticketLaneId } from './board-model';
import type { KanbanLane, KanbanTicket } from './queries';

describe('parseMoney', () => {
  it.each([
    ['1500', 1500],
    ['1500.5', 1500.5],
    ['1.500', 1500],
    ['1.500,50', 1500.5],
    ['R$ 2.000,00', 2000],
    ['', 0],
    ['a combinar', 0],
  ])('reads %j as %d', (text, value) => expect(parseMoney(text)).toBe(value));
});

describe('lanes', () => {
  const lanes = [{ id: 11 }, { id: 12 }] as KanbanLane[];
  const ticket = (tags: KanbanTicket['tags']) => ({ tags }) as KanbanTicket;

  it('puts a card in its first lane tag that is a board lane, else in the default lane', () => {
    const tag = (id: number, kanban: number) => ({ id, name: `t${id}`, color: null, kanban });
    expect(ticketLaneId(ticket([tag(90, 0), tag(12, 1)]), lanes)).toBe(12);
    expect(ticketLaneId(ticket([tag(11, 0)]), lanes)).toBeNull();
    expect(ticketLaneId(ticket([tag(99, 1)]), lanes)).toBeNull();
    expect(ticketLaneId(ticket([]), lanes)).toBeNull();
  });

  it('names lanes for drag and drop and reads them back', () => {
    expect(laneKey(null)).toBe('open');
    expect(laneKey(12)).toBe('lane-12');
    expect(laneTagId('lane-12')).toBe(12);
    expect(laneTagId('open')).toBeNull();
  });

  it('cuts texts with an ellipsis only when longer', () => {
    expect(cut('0123456789', 10)).toBe('0123456789');
    expect(cut('0123456789A', 10)).toBe('0123456789…');
    expect(cut(null, 10)).toBe('');
  });
});
