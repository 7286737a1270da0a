/** @vitest-environment jsdom */
import type { PlanView, UserView } from '@atendo/domain';
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
import type { PromptRow } from './queries';
import { PromptsPage } from './prompts-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
);

const row = (id: number, name: string, queue: { id: number; name: string } | null): PromptRow => ({
  id,
  name,
  voice: 'texto',
  model: null,
  queueId: queue?.id ?? null,
  maxTokens: 100 * id,
  temperature: 1,
  maxMessages: 10,
  queue,
});

/** GET /prompt answering from `rows`, searched by name; every query is recorded. */
function promptsApi(rows: PromptRow[]) {
  const queries: string[] = [];
  server.use(
    http.get(apiUrl('/prompt'), ({ request }) => {
      const url = new URL(request.url);
      const search = (url.searchParams.get('searchParam') ?? '').toLowerCase();
      queries.push(`${search}|${url.searchParams.get('pageNumber') ?? ''}`);
      const found = rows.filter((r) => r.name.toLowerCase().includes(search));
      return HttpResponse.json({ prompts: found, count: found.length, hasMore: false });
    }),
  );
  return queries;
}

/** A logged-in user of a company on `plan`, at /prompts. */
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
          <Route path="/prompts" element={<PromptsPage />} />
          <Route path="/" element={<h1>Início</h1>} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/prompts', session: true },
  );
}

describe('PromptsPage', () => {
  it('shows a profile user the no-access view and asks for no prompts', async () => {
    const queries = promptsApi([row(1, 'Assistente de vendas', { id: 3, name: 'Vendas' })]);
    renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Assistente de vendas')).toBeNull();
    expect(queries).toEqual([]);
  });

  it('sends the user home when the plan has no OpenAI', async () => {
    const queries = promptsApi([]);
    renderPage(userFixture(), planFixture({ useOpenAi: false } as Partial<PlanView>));
    expect(
      await screen.findByText(
        'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeTruthy();
    expect(queries).toEqual([]);
  });

  it('lists the prompts with their queue, searches them, and deletes one after confirming', async () => {
    const user = userEvent.setup();
    const rows = [
      row(1, 'Assistente de vendas', { id: 3, name: 'Vendas' }),
      row(2, 'Triagem do suporte', { id: 4, name: 'Suporte' }),
      row(3, 'Sem fila ainda', null),
    ];
    const queries = promptsApi(rows);
    let deleted = 0;
    server.use(
      http.delete(apiUrl('/prompt/2'), () => {
        deleted++;
        rows.splice(1, 1);
        return HttpResponse.json({ message: 'Prompt deleted' });
      }),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Prompts' });
    const sales = await within(table).findByRole('row', { name: 'Assistente de vendas' });
    expect(within(sales).getByText('Vendas')).toBeTruthy();
    expect(within(sales).getByText('100')).toBeTruthy();
    const support = within(table).getByRole('row', { name: 'Triagem do suporte' });
    expect(within(support).getByText('Suporte')).toBeTruthy();
    expect(
      within(within(table).getByRole('row', { name: 'Sem fila ainda' })).getByText('Sem setor'),
    ).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar...' }), 'triagem');
    await waitFor(() => expect(queries).toContain('triagem|1'));
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: 'Assistente de vendas' })).toBeNull(),
    );

    await user.click(screen.getByRole('button', { name: 'Excluir Triagem do suporte' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir o prompt "Triagem do suporte"?')).toBeTruthy();
    expect(deleted).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Prompt excluído com sucesso!')).toBeTruthy();
    expect(deleted).toBe(1);
    expect(await screen.findByText('Nenhum prompt encontrado.')).toBeTruthy();
  });

  it('opens the add dialog with the queues to choose from', async () => {
    const user = userEvent.setup();
    promptsApi([]);
    server.use(
      http.get(apiUrl('/queue'), () =>
        HttpResponse.json([{ id: 3, name: 'Vendas', color: '#0f0', orderQueue: 1 }]),
      ),
    );
    renderPage();
    expect(await screen.findByText('Nenhum prompt encontrado.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Adicionar prompt' }));
    const dialog = await screen.findByRole('dialog');
    const queue = await within(dialog).findByLabelText('Setor');
    expect(within(queue).getByRole('option', { name: 'Vendas' })).toBeTruthy();
  });
});
