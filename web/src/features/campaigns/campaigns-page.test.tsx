/** @vitest-environment jsdom */
import type { UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
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
import { CampaignsPage } from './campaigns-page';

const campaign = (id: number, name: string, overrides: Record<string, unknown> = {}) => ({
  id,
  companyId: 2,
  name,
  status: 'PROGRAMADA',
  confirmation: false,
  scheduledAt: '2030-05-10T14:30:00',
  completedAt: null,
  contactListId: 4,
  contactList: { id: 4, name: 'Clientes VIP' },
  tagListId: null,
  tagList: null,
  whatsappId: 1,
  whatsapp: { id: 1, name: 'Comercial' },
  ...overrides,
});

let campaigns: ReturnType<typeof campaign>[] = [];
let searches: string[] = [];
let deleted: number[] = [];

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/companies/listPlan/2'), () => HttpResponse.json({ plan: planFixture() })),
  http.get(apiUrl('/campaigns'), ({ request }) => {
    const search = (new URL(request.url).searchParams.get('searchParam') ?? '').toLowerCase();
    searches.push(search);
    const found = campaigns.filter((c) => c.name.toLowerCase().includes(search));
    return HttpResponse.json({ records: found, count: found.length, hasMore: false });
  }),
  http.delete(apiUrl('/campaigns/:id'), ({ params }) => {
    deleted.push(Number(params.id));
    campaigns = campaigns.filter((c) => c.id !== Number(params.id));
    return HttpResponse.json({ message: 'deleted' });
  }),
);

beforeEach(() => {
  campaigns = [
    campaign(1, 'Black Friday', { status: 'EM_ANDAMENTO', confirmation: true }),
    campaign(2, 'Rascunho', {
      status: 'INATIVA',
      scheduledAt: null,
      contactList: null,
      contactListId: null,
      whatsapp: null,
      whatsappId: null,
    }),
    campaign(3, 'Natal', {
      status: 'FINALIZADA',
      contactList: null,
      tagList: { id: 8, name: 'VIP' },
      completedAt: '2029-12-25T10:00:00',
    }),
  ];
  searches = [];
  deleted = [];
});

function renderPage(me: UserView = userFixture()) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)));
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/campaigns" element={<CampaignsPage />} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/campaigns', session: true },
  );
}

describe('CampaignsPage', () => {
  it('lists the campaigns with status, recipients, connection, times and confirmation', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Campanhas' });
    const running = await within(table).findByRole('row', { name: 'Black Friday' });
    for (const text of [
      'Em andamento',
      'Clientes VIP',
      'Comercial',
      '10/05/2030 14:30',
      'Não concluída',
      'Habilitada',
    ])
      expect(within(running).getByText(text)).toBeTruthy();
    expect(
      within(running).getByRole('link', { name: 'Relatório de Black Friday' }).getAttribute('href'),
    ).toBe('/campaign/1/report');

    const draft = within(table).getByRole('row', { name: 'Rascunho' });
    expect(within(draft).getByText('Inativa')).toBeTruthy();
    expect(within(draft).getAllByText('Não definida')).toHaveLength(2);
    expect(within(draft).getByText('Sem agendamento')).toBeTruthy();
    expect(within(draft).getByText('Desabilitada')).toBeTruthy();
    // An inactive campaign has no report yet.
    expect(within(draft).queryByRole('link', { name: 'Relatório de Rascunho' })).toBeNull();

    const done = within(table).getByRole('row', { name: 'Natal' });
    expect(within(done).getByText('Finalizada')).toBeTruthy();
    expect(within(done).getByText('VIP')).toBeTruthy();
    expect(within(done).getByText('25/12/2029 10:00')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Configurações de campanha' }).getAttribute('href'),
    ).toBe('/campaigns-config');
  });

  it('searches, and deletes a campaign after confirming', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Campanhas' });
    await within(table).findByRole('row', { name: 'Natal' });
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar...' }), 'nat');
    await waitFor(() => expect(searches).toContain('nat'));
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: 'Black Friday' })).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Excluir Natal' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir Natal?')).toBeTruthy();
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Campanha excluída com sucesso.')).toBeTruthy();
    expect(deleted).toEqual([3]);
    expect(await within(table).findByText('Nenhuma campanha encontrada.')).toBeTruthy();
  });

  it('shows a profile user the access-denied view and reads no campaign', async () => {
    renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nova campanha' })).toBeNull();
    expect(searches).toEqual([]);
  });
});
