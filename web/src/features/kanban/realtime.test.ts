import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySocketEvent } from '@/lib/realtime/socket-cache';
import { kanbanKeys } from './queries';
import { kanbanTagSocketBinding, kanbanTicketSocketBinding } from './realtime';

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const filters = { queueIds: [], startDate: '2024-05-01', endDate: '2024-05-31' };
  client.setQueryData(kanbanKeys.ticketList(filters), { pages: [], pageParams: [] });
  client.setQueryData(kanbanKeys.lanes(), { lista: [] });
  client.setQueryData(kanbanKeys.lanePage(''), { pages: [], pageParams: [] });
  const invalid = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { client, filters, invalid, context: { client, companyId: 2, userId: 7 } };
}

describe('kanban realtime', () => {
  it.each([
    { action: 'update', ticket: { id: 5 } },
    { action: 'delete', ticketId: 5 },
    { action: 'updateUnread', ticketId: 5 },
  ])('refetches the cards on a ticket event ($action), not the lanes', (payload) => {
    const { filters, invalid, context } = setup();
    applySocketEvent(kanbanTicketSocketBinding, payload, context);
    expect(invalid(kanbanKeys.ticketList(filters))).toBe(true);
    expect(invalid(kanbanKeys.lanes())).toBe(false);
  });

  it('refetches the lanes, the lanes page and the cards on a tag event', () => {
    const { filters, invalid, context } = setup();
    applySocketEvent(kanbanTagSocketBinding, { action: 'delete', tagId: 11 }, context);
    expect(invalid(kanbanKeys.ticketList(filters))).toBe(true);
    expect(invalid(kanbanKeys.lanes())).toBe(true);
    expect(invalid(kanbanKeys.lanePage(''))).toBe(true);
  });
});
