/** @vitest-environment jsdom */
import type { PlanView, TagRowView, UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
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
import { TagsKanbanPage } from './tags-kanban-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
);

const row = (id: number, name: string, color: string, ticketsCount: number): TagRowView => ({
  id,
  name,
  color,
  kanban: 1,
  userId: 7,
  createdAt: null,
  updatedAt: null,
  contactsCount: 0,
  ticketsCount,
});

/** GET /tags answering from `rows` once `ready` resolves; every query string is recorded. */
function lanesApi(rows: TagRowView[], ready: Promise<void> = Promise.resolve()) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/tags'), async ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      await ready;
      return HttpResponse.json({ tags: [...rows], count: rows.length, hasMore: false });
    }),
  );
  return queries;
}

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
          <Route path="/tagsKanban" element={<TagsKanbanPage />} />
          <Route path="/" element={<h1>Início</h1>} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/tagsKanban', session: true },
  );
}

describe('TagsKanbanPage', () => {
  it('shows skeleton rows while loading, then each lane as a coloured chip with its ticket count', async () => {
    let release!: () => void;
    const queries = lanesApi(
      [row(1, 'Negociação', '#d32f2f', 3), row(2, 'Fechado', '#388e3c', 0)],
      new Promise<void>((resolve) => (release = resolve)),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Colunas do Kanban' });
    expect(within(table).getAllByTestId('skeleton-row')).toHaveLength(3);
    release();

    const deal = await within(table).findByRole('row', { name: 'Negociação' });
    const chip = within(deal).getByText('Negociação');
    expect(chip.style.backgroundColor).toBe('rgb(211, 47, 47)');
    expect(within(deal).getByText('3')).toBeTruthy();
    const closed = within(table).getByRole('row', { name: 'Fechado' });
    expect(within(closed).getByText('0')).toBeTruthy();
    expect(within(table).queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(queries[0]?.get('kanban')).toBe('1');
    expect(queries[0]?.get('pageNumber')).toBe('1');
  });

  it('asks before deleting a lane, then calls DELETE /tags/:id', async () => {
    const user = userEvent.setup();
    const rows = [row(1, 'Negociação', '#d32f2f', 3), row(2, 'Fechado', '#388e3c', 1)];
    lanesApi(rows);
    let deleted = 0;
    server.use(
      http.delete(apiUrl('/tags/2'), () => {
        deleted++;
        rows.splice(1, 1);
        return HttpResponse.json({ message: 'Tag deleted' });
      }),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Colunas do Kanban' });
    await within(table).findByRole('row', { name: 'Fechado' });

    await user.click(screen.getByRole('button', { name: 'Excluir Fechado' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir a coluna "Fechado"?')).toBeTruthy();
    expect(deleted).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Coluna excluída com sucesso.')).toBeTruthy();
    expect(deleted).toBe(1);
    await waitFor(() => expect(within(table).queryByRole('row', { name: 'Fechado' })).toBeNull());
    expect(within(table).getByRole('row', { name: 'Negociação' })).toBeTruthy();
  });

  it('adds a lane as a kanban tag', async () => {
    const user = userEvent.setup();
    lanesApi([]);
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/tags'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json(
          {
            id: 5,
            name: body.name,
            color: body.color,
            kanban: 1,
            createdAt: null,
            updatedAt: null,
          },
          { status: 201 },
        );
      }),
    );
    renderPage();
    expect(await screen.findByText('Nenhuma coluna encontrada.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Adicionar coluna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar coluna' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Proposta');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Coluna salva com sucesso.')).toBeTruthy();
    expect(bodies).toEqual([expect.objectContaining({ name: 'Proposta', kanban: 1 })]);
  });
});
