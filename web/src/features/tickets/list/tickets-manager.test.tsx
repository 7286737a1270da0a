/** @vitest-environment jsdom */
import type { TicketView, UserView } from '@atendo/domain';
import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders, testQueryClient } from '@/test/render';
import { applyTicketEvent, reduceTicketList, type ListViewer } from './live-updates';
import { ticketKeys, type TicketListFilters } from './queries';
import { shouldNotify, titleCounter, titleWithCounter } from './notifications';
import { TicketsManager } from './tickets-manager';

const server = startTestApi(
  userCreation('disabled'),
  http.get(apiUrl('/queue'), () =>
    HttpResponse.json([{ id: 1, name: 'Suporte', color: '#00aa00', orderQueue: 1 }]),
  ),
  http.get(apiUrl('/setting/showNotificationPending'), () =>
    HttpResponse.json({ key: 'showNotificationPending', value: 'false' }),
  ),
);

// jsdom lays nothing out: the virtualised list needs a viewport height to render rows.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 800,
  });
});

const queue = { id: 1, name: 'Suporte', color: '#00aa00' };

function ticket(id: number, overrides: Partial<TicketView> = {}): TicketView {
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status: 'open',
    channel: 'whatsapp',
    companyId: 2,
    contactId: id,
    contact: { id, name: `Contato ${id}`, number: '5511999990000', lgpdAcceptedAt: null },
    userId: 7,
    user: { id: 7, name: 'Ana Admin', color: '#123456' },
    queueId: 1,
    queue,
    whatsappId: 3,
    whatsapp: { id: 3, name: 'Comercial' },
    tags: [],
    lastMessage: 'Olá',
    unreadMessages: 0,
    isGroup: false,
    isBot: false,
    isTransfered: false,
    useIntegration: false,
    lgpdAccepted: true,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  } as TicketView;
}

/** Signs `user` in and answers GET /tickets with `tickets`, recording each query string. */
function serve(user: UserView, tickets: TicketView[]) {
  localStorage.setItem('token', 'access-token');
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)),
    http.get(apiUrl('/tickets'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const status = query.get('status');
      const rows = tickets.filter((t) => t.status === status);
      return HttpResponse.json({ tickets: rows, count: rows.length, hasMore: false });
    }),
  );
  return queries;
}

/** The filters of the list the manager rendered (its cache key). */
function filtersOf(client: QueryClient): TicketListFilters {
  const [query] = client.getQueryCache().findAll({ queryKey: ticketKeys.lists() });
  return query!.queryKey[2] as TicketListFilters;
}

function Signed({ children }: { children: ReactNode }) {
  return useAuth().status === 'authenticated' ? <>{children}</> : null;
}

function renderManager() {
  const client = testQueryClient();
  const view = renderWithProviders(
    <Signed>
      <TicketsManager selectedUuid={null} />
    </Signed>,
    { session: true, client, route: '/tickets' },
  );
  return { client, view };
}

const rows = () => screen.findAllByRole('listitem');
const agent = (overrides: Partial<UserView> = {}) =>
  userFixture({ profile: 'user', name: 'Bia Agente', id: 8, queues: [queue], ...overrides });

describe('TicketsManager', () => {
  it('renders rows with the cut-off rules, chips, unread count and owner tag for admins', async () => {
    const longName = 'N'.repeat(70);
    const longText = 'm'.repeat(50);
    const queries = serve(userFixture({ queues: [queue] }), [
      ticket(1, {
        contact: { id: 1, name: longName, number: '1', lgpdAcceptedAt: null },
        lastMessage: longText,
        unreadMessages: 3,
        tags: [
          { id: 1, name: 'VIP', color: '#ff0000' },
          { id: 2, name: 'Novo', color: null },
          { id: 3, name: 'Lead', color: null },
        ],
      }),
    ]);
    renderManager();
    const [row] = await rows();
    const inRow = within(row!);
    expect(inRow.getByTestId('contact-name').textContent).toBe(`${'N'.repeat(60)}...`);
    expect(inRow.getByTestId('last-message').textContent).toBe(`${'m'.repeat(40)}...`);
    expect(inRow.getByLabelText('3 mensagens não lidas').textContent).toBe('3');
    expect(inRow.getByText('Suporte')).toBeTruthy();
    expect(inRow.getByText('Comercial')).toBeTruthy();
    expect(inRow.getByTestId('owner').textContent).toBe('Ana Admin');
    expect(inRow.getByText('VIP')).toBeTruthy();
    expect(inRow.getByText('+2')).toBeTruthy();
    expect(inRow.queryByText('Novo')).toBeNull();
    const first = queries[0]!;
    expect(first.get('status')).toBe('open');
    expect(first.get('queueIds')).toBe('[1]');
    expect(first.get('sortTickets')).toBe('DESC');
  });

  it('switches tabs, remembers the tab and hides the sort toggle on closed', async () => {
    const user = userEvent.setup();
    const queries = serve(agent(), [
      ticket(1),
      ticket(2, { status: 'pending', userId: null, user: null, contact: null }),
    ]);
    renderManager();
    await rows();
    expect(screen.queryByRole('tab', { name: 'Grupos' })).toBeNull();
    expect(screen.getByRole('button', { name: /Ordenação/ })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Aguardando' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('pending'));
    expect(localStorage.getItem('selectedTab')).toBe('pending');
    // Pending rows: accept/close only for admins or showDashboard users.
    const [pending] = await rows();
    expect(within(pending!).queryByRole('button', { name: 'Aceitar' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Resolvidos' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('closed'));
    expect(screen.queryByRole('button', { name: /Ordenação/ })).toBeNull();
    expect(await screen.findByText('Nada aqui!')).toBeTruthy();
  });

  it('offers show-all only with admin, allUserChat or allTicket, and sends it', async () => {
    const user = userEvent.setup();
    serve(agent(), [ticket(1, { userId: 8, user: { id: 8, name: 'Bia Agente' } })]);
    const plain = renderManager();
    const [row] = await rows();
    expect(screen.queryByRole('switch', { name: 'Mostrar todos' })).toBeNull();
    expect(within(row!).queryByTestId('owner')).toBeNull();
    plain.view.unmount();

    const queries = serve(agent({ allUserChat: 'enabled' }), [ticket(1)]);
    renderManager();
    await user.click(await screen.findByRole('switch', { name: 'Mostrar todos' }));
    await waitFor(() => expect(queries.at(-1)?.get('showAll')).toBe('true'));
    expect(localStorage.getItem('showAllTickets')).toBe('true');
  });

  it("takes another user's ticket out on a live update unless show-all is on", async () => {
    serve(agent(), [
      ticket(1, { userId: 8, user: { id: 8, name: 'Bia Agente' }, unreadMessages: 2 }),
      ticket(2, { userId: 8, user: { id: 8, name: 'Bia Agente' } }),
    ]);
    const { client } = renderManager();
    expect(await rows()).toHaveLength(2);
    const viewer: ListViewer = { id: 8, admin: false, queueIds: [1] };
    act(() =>
      applyTicketEvent(client, { kind: 'update', ticket: ticket(2, { userId: 9 }) }, viewer),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText('Contato 2')).toBeNull();
    // With show-all on, the same update keeps the row.
    const other = ticket(2, { userId: 9 });
    const showAll = { ...filtersOf(client), showAll: true };
    expect(reduceTicketList([other], { kind: 'update', ticket: other }, showAll, viewer)).toEqual([
      other,
    ]);
    act(() => applyTicketEvent(client, { kind: 'updateUnread', ticketId: 1 }, viewer));
    await waitFor(() => expect(screen.queryByLabelText('2 mensagens não lidas')).toBeNull());
    // A ticket moved to another status leaves the tab; a delete removes it.
    act(() =>
      applyTicketEvent(
        client,
        { kind: 'update', ticket: ticket(1, { userId: 8, status: 'closed' }) },
        viewer,
      ),
    );
    expect(await screen.findByText('Nada aqui!')).toBeTruthy();
  });
});

describe('TicketsManager writes', () => {
  it('closes a pending ticket from its row, says so and reads the tab again without it', async () => {
    const user = userEvent.setup();
    const admin = userFixture({ queues: [queue] });
    const tickets = [ticket(2, { status: 'pending', userId: null, user: null })];
    const queries = serve(admin, tickets);
    const updates: unknown[] = [];
    server.use(
      http.put(apiUrl('/tickets/:id'), async ({ params, request }) => {
        const body = (await request.json()) as Partial<TicketView>;
        updates.push({ id: Number(params.id), ...body });
        // The server's list no longer has it under pending.
        const row = tickets.find((t) => t.id === Number(params.id))!;
        Object.assign(row, { status: body.status });
        return HttpResponse.json(row);
      }),
    );
    renderManager();
    await user.click(await screen.findByRole('tab', { name: 'Aguardando' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('pending'));
    const [row] = await rows();
    renderWithProviders(<Toaster />);
    await user.click(within(row!).getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByText('Ticket fechado')).toBeTruthy();
    expect(updates).toEqual([{ id: 2, status: 'closed', userId: admin.id }]);
    // ticketsUpdate's entry in ROUTE_INVALIDATIONS reads the open list again.
    expect(await screen.findByText('Nada aqui!')).toBeTruthy();
  });
});

describe('title counter and notification rule', () => {
  it('uses circled digits for 1 to 20 and (n) above', () => {
    expect(titleCounter(0)).toBe('');
    expect(titleCounter(1)).toBe('①');
    expect(titleCounter(9)).toBe('⑨');
    expect(titleCounter(20)).toBe('⑳');
    expect(titleCounter(21)).toBe('(21)');
    expect(titleWithCounter('Atendo', 3)).toBe('③ Atendo');
    expect(titleWithCounter('Atendo', 0)).toBe('Atendo');
  });

  it('rings only for unread messages of mine or unowned tickets in my queues', () => {
    const viewer: ListViewer = { id: 8, admin: false, queueIds: [1] };
    const push = (m: Partial<{ fromMe: boolean; read: boolean }>, t: Partial<TicketView>) => ({
      message: { fromMe: false, read: false, ...m },
      ticket: { id: 1, status: 'open', userId: null, queueId: 1, ...t },
    });
    expect(shouldNotify(push({}, {}), viewer, false)).toBe(true);
    expect(shouldNotify(push({ fromMe: true }, {}), viewer, false)).toBe(false);
    expect(shouldNotify(push({ read: true }, {}), viewer, false)).toBe(false);
    expect(shouldNotify(push({}, { userId: 9 }), viewer, false)).toBe(false);
    expect(shouldNotify(push({}, { queueId: 2 }), viewer, false)).toBe(false);
    expect(shouldNotify(push({}, { status: 'pending' }), viewer, false)).toBe(false);
    expect(shouldNotify(push({}, { status: 'pending' }), viewer, true)).toBe(true);
  });
});
