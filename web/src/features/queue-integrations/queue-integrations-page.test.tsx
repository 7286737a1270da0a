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
import type { QueueIntegrationRow } from './queries';
import { QueueIntegrationsPage } from './queue-integrations-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
);

const row = (id: number, name: string, type: string): QueueIntegrationRow => ({
  id,
  name,
  type,
  projectName: type === 'dialogflow' ? 'projeto' : null,
  language: type === 'dialogflow' ? 'pt-BR' : null,
  urlN8N: type === 'dialogflow' ? null : 'https://bots.example.com',
  typebotSlug: type === 'typebot' ? 'fluxo' : null,
});

/** GET /queueIntegration answering from `rows`, searched by name; every query is recorded. */
function integrationsApi(rows: QueueIntegrationRow[]) {
  const queries: string[] = [];
  server.use(
    http.get(apiUrl('/queueIntegration'), ({ request }) => {
      const url = new URL(request.url);
      const search = (url.searchParams.get('searchParam') ?? '').toLowerCase();
      queries.push(`${search}|${url.searchParams.get('pageNumber') ?? ''}`);
      const found = rows.filter((r) => r.name.toLowerCase().includes(search));
      return HttpResponse.json({ queueIntegrations: found, count: found.length, hasMore: false });
    }),
  );
  return queries;
}

/** A logged-in user of a company on `plan`, at /queue-integration. */
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
          <Route path="/queue-integration" element={<QueueIntegrationsPage />} />
          <Route path="/" element={<h1>Início</h1>} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/queue-integration', session: true },
  );
}

describe('QueueIntegrationsPage', () => {
  it('shows a profile user the no-access view and asks for no integrations', async () => {
    const queries = integrationsApi([row(1, 'Robô de vendas', 'dialogflow')]);
    renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Robô de vendas')).toBeNull();
    expect(queries).toEqual([]);
  });

  it('sends the user home when the plan has no integrations', async () => {
    const queries = integrationsApi([]);
    renderPage(userFixture(), planFixture({ useIntegrations: false } as Partial<PlanView>));
    expect(
      await screen.findByText(
        'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeTruthy();
    expect(queries).toEqual([]);
  });

  it('lists the integrations with their type, searches them, and deletes one after confirming', async () => {
    const user = userEvent.setup();
    const rows = [
      row(1, 'Robô de vendas', 'dialogflow'),
      row(2, 'Fluxo de boas-vindas', 'typebot'),
      row(3, 'Automação n8n', 'n8n'),
    ];
    const queries = integrationsApi(rows);
    let deleted = 0;
    server.use(
      http.delete(apiUrl('/queueIntegration/2'), () => {
        deleted++;
        rows.splice(1, 1);
        return HttpResponse.json({ message: 'Integration deleted' });
      }),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Integrações' });
    const sales = await within(table).findByRole('row', { name: 'Robô de vendas' });
    expect(within(sales).getByText('Dialogflow')).toBeTruthy();
    const welcome = within(table).getByRole('row', { name: 'Fluxo de boas-vindas' });
    expect(within(welcome).getByText('Typebot')).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Automação n8n' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar...' }), 'fluxo');
    await waitFor(() => expect(queries).toContain('fluxo|1'));
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: 'Robô de vendas' })).toBeNull(),
    );

    await user.click(screen.getByRole('button', { name: 'Excluir Fluxo de boas-vindas' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir a integração "Fluxo de boas-vindas"?')).toBeTruthy();
    expect(deleted).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Integração excluída com sucesso!')).toBeTruthy();
    expect(deleted).toBe(1);
    expect(await screen.findByText('Nenhuma integração encontrada.')).toBeTruthy();
  });
});
