/** @vitest-environment jsdom */
import type { PlanView, UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, subDays } from 'date-fns';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { PrivateRoute } from '@/features/auth/route-guards';
import {
  apiUrl,
  http,
  HttpResponse,
  planFixture,
  startTestApi,
  userCreation,
  userFixture,
} from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { SORT_STORAGE_KEY } from './board-model';
import { KanbanBoardPage } from './kanban-board-page';
import type { KanbanLane, KanbanTicket } from './queries';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/queue'), () =>
    HttpResponse.json([{ id: 3, name: 'Vendas', color: '#00aa00', orderQueue: 1 }]),
  ),
);

afterEach(() => {
  localStorage.removeItem(SORT_STORAGE_KEY);
});

const LANES: KanbanLane[] = [
  { id: 11, name: 'Negociação', color: '#d32f2f', kanban: 1, createdAt: null, updatedAt: null },
  { id: 12, name: 'Fechado', color: '#388e3c', kanban: 1, createdAt: null, updatedAt: null },
];

const laneTag = (lane: KanbanLane) => ({
  id: lane.id,
  name: lane.name,
  color: lane.color,
  kanban: 1,
});
const vip = { id: 90, name: 'VIP', color: '#000000', kanban: 0 };

function card(
  id: number,
  name: string,
  o: { valor?: string; tags?: KanbanTicket['tags']; minutesAgo: number; message?: string },
): KanbanTicket {
  return {
    id,
    uuid: `uuid-${id}`,
    status: 'open',
    queueId: 3,
    userId: 7,
    lastMessage: o.message ?? `Mensagem ${id}`,
    unreadMessages: id === 1 ? 4 : 0,
    createdAt: null,
    updatedAt: new Date(Date.UTC(2024, 4, 10, 12, 0) - o.minutesAgo * 60_000).toISOString(),
    contact: {
      id: 100 + id,
      name,
      urlPicture: null,
      extraInfo: o.valor === undefined ? [] : [{ name: 'valor', value: o.valor }],
    },
    user: { id: 7, name: 'Ana Admin' },
    tags: o.tags ?? [],
  };
}

/** The board's cards: two without a lane, two in Negociação. */
function cards(): KanbanTicket[] {
  return [
    card(1, 'Mariana Aparecida Souza', {
      valor: '1.500,50',
      minutesAgo: 30,
      message: 'Olá, gostaria de saber o preço do plano anual',
    }),
    card(2, 'João', { valor: '200', tags: [laneTag(LANES[0]!)], minutesAgo: 5 }),
    card(3, 'Pedro', { valor: '300.25', tags: [vip, laneTag(LANES[0]!)], minutesAgo: 20 }),
    card(4, 'Zé', { tags: [vip], minutesAgo: 1 }),
  ];
}

/**
 * The board's api over a live store of cards: lane moves change the store (as the server
 * would), every call is recorded.
 */
function boardApi(
  tickets = cards(),
  { failMoves = false, holdRefetches = false, holdMoves = false } = {},
) {
  const calls: string[] = [];
  const queries: URLSearchParams[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(apiUrl('/tag/kanban'), () => HttpResponse.json({ lista: LANES })),
    http.get(apiUrl('/ticket/kanban'), async ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      // Held refetches leave the board as the client alone made it.
      if (holdRefetches && queries.length > 1) await released;
      return HttpResponse.json({ tickets, count: tickets.length, hasMore: false });
    }),
    http.put(apiUrl('/ticket-tags/:ticketId/:tagId'), async ({ params }) => {
      calls.push(`PUT /ticket-tags/${String(params.ticketId)}/${String(params.tagId)}`);
      if (holdMoves) await released;
      if (failMoves) return HttpResponse.json({ error: 'ERR_NO_TICKET_FOUND' }, { status: 404 });
      const ticket = tickets.find((t) => t.id === Number(params.ticketId))!;
      const lane = LANES.find((l) => l.id === Number(params.tagId))!;
      ticket.tags = [...ticket.tags.filter((t) => t.kanban !== 1), laneTag(lane)];
      return HttpResponse.json({ ticketId: ticket.id, tagId: lane.id, tag: lane });
    }),
    http.delete(apiUrl('/ticket-tags/:ticketId'), ({ params }) => {
      calls.push(`DELETE /ticket-tags/${String(params.ticketId)}`);
      if (failMoves) return HttpResponse.json({ error: 'ERR_NO_TICKET_FOUND' }, { status: 404 });
      const ticket = tickets.find((t) => t.id === Number(params.ticketId))!;
      ticket.tags = ticket.tags.filter((t) => t.kanban !== 1);
      return HttpResponse.json({ message: 'Ticket tags removed' });
    }),
  );
  return { calls, queries, release };
}

/** A logged-in user of a company on `plan`, at /kanban. */
function renderPage(me: UserView = userFixture(), plan: PlanView = planFixture()) {
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)),
    http.get(apiUrl(`/companies/listPlan/${me.companyId}`), () => HttpResponse.json({ plan })),
  );
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/kanban" element={<KanbanBoardPage />} />
          <Route path="/" element={<h1>Início</h1>} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/kanban', session: true },
  );
}

const lane = (name: string) => screen.getByRole('region', { name });
const cardsOf = (name: string) =>
  within(lane(name))
    .queryAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));
/** Text without the non-breaking spaces Intl puts in currency. */
const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

describe('KanbanBoardPage', () => {
  it('sends the user home when the plan has no kanban', async () => {
    const { queries } = boardApi();
    renderPage(userFixture(), planFixture({ useKanban: false } as Partial<PlanView>));
    expect(
      await screen.findByText(
        'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeTruthy();
    expect(queries).toEqual([]);
  });

  it("shows 'Em aberto' first, then each lane with its cards, counts and total value", async () => {
    const { queries } = boardApi();
    renderPage();
    await screen.findByRole('article', { name: 'João' });
    const lanes = screen.getAllByRole('region').filter((r) => r.hasAttribute('data-lane'));
    expect(lanes.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Em aberto',
      'Negociação',
      'Fechado',
    ]);
    // Newest activity first by default.
    expect(cardsOf('Em aberto')).toEqual(['Zé', 'Mariana Aparecida Souza']);
    expect(cardsOf('Negociação')).toEqual(['João', 'Pedro']);
    expect(cardsOf('Fechado')).toEqual([]);

    expect(within(lane('Em aberto')).getByTestId('lane-count').textContent).toBe('2 tickets');
    expect(plain(within(lane('Em aberto')).getByTestId('lane-total'))).toBe('Total: R$ 1.500,50');
    expect(plain(within(lane('Negociação')).getByTestId('lane-total'))).toBe('Total: R$ 500,25');
    expect(plain(within(lane('Fechado')).getByTestId('lane-total'))).toBe('Total: R$ 0,00');

    // The last 30 days to today, every queue.
    const today = new Date();
    expect(queries[0]?.get('startDate')).toBe(format(subDays(today, 30), 'yyyy-MM-dd'));
    expect(queries[0]?.get('endDate')).toBe(format(today, 'yyyy-MM-dd'));
    expect(queries[0]?.get('queueIds')).toBeNull();
    expect(screen.getByRole('link', { name: 'Adicionar colunas' }).getAttribute('href')).toBe(
      '/tagsKanban',
    );
  });

  it('cuts names to 10 characters and messages to 20, with the unread badge and a link to the ticket', async () => {
    boardApi();
    renderPage();
    const mariana = await screen.findByRole('article', { name: 'Mariana Aparecida Souza' });
    const link = within(mariana).getByRole('link', { name: 'Mariana Ap…' });
    expect(link.getAttribute('href')).toBe('/tickets/uuid-1');
    expect(within(mariana).getByText('Olá, gostaria de sab…')).toBeTruthy();
    expect(within(mariana).getByLabelText('4 mensagens não lidas').textContent).toBe('4');
    expect(within(mariana).getByText('Ana Admin')).toBeTruthy();
    const joao = screen.getByRole('article', { name: 'João' });
    expect(within(joao).getByRole('link', { name: 'João' })).toBeTruthy();
  });

  it('moves a card to a lane with PUT /ticket-tags/:ticketId/:tagId', async () => {
    const user = userEvent.setup();
    const { calls, release } = boardApi(cards(), { holdMoves: true });
    renderPage();
    const joao = await screen.findByRole('article', { name: 'João' });
    await user.selectOptions(
      within(joao).getByRole('combobox', { name: 'Mover João para' }),
      'Fechado',
    );
    // The card moves at once, before the server answers.
    await waitFor(() => expect(calls).toEqual(['PUT /ticket-tags/2/12']));
    expect(cardsOf('Fechado')).toEqual(['João']);
    expect(screen.queryByText('Ticket Tag atualizado com sucesso!')).toBeNull();
    release();
    expect(await screen.findByText('Ticket Tag atualizado com sucesso!')).toBeTruthy();
    await waitFor(() => expect(cardsOf('Fechado')).toEqual(['João']));
    expect(cardsOf('Negociação')).toEqual(['Pedro']);
    expect(plain(within(lane('Fechado')).getByTestId('lane-total'))).toBe('Total: R$ 200,00');
  });

  it("moves a card back to 'Em aberto' with DELETE /ticket-tags/:ticketId", async () => {
    const user = userEvent.setup();
    const { calls } = boardApi();
    renderPage();
    const pedro = await screen.findByRole('article', { name: 'Pedro' });
    await user.selectOptions(
      within(pedro).getByRole('combobox', { name: 'Mover Pedro para' }),
      'Em aberto',
    );
    expect(await screen.findByText('Ticket Tag removido!')).toBeTruthy();
    expect(calls).toEqual(['DELETE /ticket-tags/3']);
    await waitFor(() => expect(cardsOf('Em aberto')).toContain('Pedro'));
    expect(cardsOf('Negociação')).toEqual(['João']);
  });

  it('puts the card back and shows the error when the move fails', async () => {
    const user = userEvent.setup();
    const { calls, release } = boardApi(cards(), { failMoves: true, holdRefetches: true });
    renderPage();
    const joao = await screen.findByRole('article', { name: 'João' });
    await user.selectOptions(
      within(joao).getByRole('combobox', { name: 'Mover João para' }),
      'Fechado',
    );
    await waitFor(() => expect(calls).toEqual(['PUT /ticket-tags/2/12']));
    await waitFor(() => expect(cardsOf('Negociação')).toEqual(['João', 'Pedro']));
    expect(cardsOf('Fechado')).toEqual([]);
    expect(screen.queryByText('Ticket Tag atualizado com sucesso!')).toBeNull();
    release();
  });

  it('filters by queues and days', async () => {
    const user = userEvent.setup();
    const { queries } = boardApi();
    renderPage();
    await screen.findByRole('article', { name: 'João' });
    await user.click(screen.getByRole('button', { name: 'Filas' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Vendas' }));
    await waitFor(() => expect(queries.at(-1)?.get('queueIds')).toBe('[3]'));
    await user.keyboard('{Escape}');
    const start = screen.getByLabelText('Data inicial');
    await user.clear(start);
    await user.type(start, '2024-05-01');
    await waitFor(() => expect(queries.at(-1)?.get('startDate')).toBe('2024-05-01'));
    expect(queries.at(-1)?.get('queueIds')).toBe('[3]');
  });

  it('sorts by highest value and remembers the choice', async () => {
    const user = userEvent.setup();
    boardApi();
    renderPage();
    await screen.findByRole('article', { name: 'João' });
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Maior valor');
    expect(cardsOf('Em aberto')).toEqual(['Mariana Aparecida Souza', 'Zé']);
    expect(cardsOf('Negociação')).toEqual(['Pedro', 'João']);
    expect(localStorage.getItem(SORT_STORAGE_KEY)).toBe('valorDesc');

    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Número do ticket');
    expect(cardsOf('Em aberto')).toEqual(['Mariana Aparecida Souza', 'Zé']);
    expect(cardsOf('Negociação')).toEqual(['João', 'Pedro']);
  });

  it('starts with the stored sort and hides Adicionar colunas from users without the dashboard', async () => {
    localStorage.setItem(SORT_STORAGE_KEY, 'valorDesc');
    boardApi();
    renderPage(userFixture({ profile: 'user' }));
    await screen.findByRole('article', { name: 'João' });
    expect(cardsOf('Negociação')).toEqual(['Pedro', 'João']);
    expect(screen.queryByRole('link', { name: 'Adicionar colunas' })).toBeNull();
  });
});
