/** @vitest-environment jsdom */
import type { UserView } from '@atendo/domain';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
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
import { CampaignReportPage } from './campaign-report-page';

const report = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  companyId: 2,
  name: 'Black Friday',
  status: 'FINALIZADA',
  confirmation: true,
  scheduledAt: '2030-05-10T14:30:00',
  completedAt: '2030-05-10T16:00:00',
  contactListId: 4,
  contactList: { id: 4, name: 'Clientes VIP' },
  tagListId: null,
  tagList: null,
  whatsappId: 1,
  whatsapp: { id: 1, name: 'Comercial' },
  report: { validContacts: 80, delivered: 60, confirmationRequested: 50, confirmed: 12 },
  ...overrides,
});

let answer: ReturnType<typeof report>;
let reads = 0;

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/companies/listPlan/2'), () => HttpResponse.json({ plan: planFixture() })),
  http.get(apiUrl('/campaigns/1'), () => {
    reads++;
    return HttpResponse.json(answer);
  }),
);

beforeEach(() => {
  answer = report();
  reads = 0;
});

function renderPage(me: UserView = userFixture()) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)));
  renderWithProviders(
    <Routes>
      <Route element={<PrivateRoute />}>
        <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
      </Route>
    </Routes>,
    { route: '/campaign/1/report', session: true },
  );
}

const card = (title: string) => screen.getByRole('group', { name: title });

describe('CampaignReportPage', () => {
  it('shows the status, delivered of valid contacts with its bar, and the cards', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Relatório da campanha Black Friday' }),
    ).toBeTruthy();
    expect(screen.getByTestId('campaign-status').textContent).toBe('Status: Finalizada');
    expect(screen.getByTestId('campaign-progress').textContent).toBe('60 de 80 entregues');
    expect(
      screen
        .getByRole('progressbar', { name: 'Progresso da campanha' })
        .getAttribute('aria-valuenow'),
    ).toBe('75');
    expect(within(card('Contatos válidos')).getByText('80')).toBeTruthy();
    expect(within(card('Entregues')).getByText('60')).toBeTruthy();
    expect(within(card('Confirmações solicitadas')).getByText('50')).toBeTruthy();
    expect(within(card('Confirmações')).getByText('12')).toBeTruthy();
    expect(within(card('Conexão')).getByText('Comercial')).toBeTruthy();
    expect(within(card('Lista de contatos')).getByText('Clientes VIP')).toBeTruthy();
    expect(within(card('Agendamento')).getByText('10/05/2030 14:30')).toBeTruthy();
    expect(within(card('Conclusão')).getByText('10/05/2030 16:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar às campanhas' }).getAttribute('href')).toBe(
      '/campaigns',
    );
  });

  it('hides the confirmation cards without confirmation and names a tag list', async () => {
    answer = report({
      status: 'PROGRAMADA',
      confirmation: false,
      completedAt: null,
      contactList: null,
      tagList: { id: 8, name: 'VIP' },
      report: { validContacts: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 },
    });
    renderPage();
    expect(await screen.findByTestId('campaign-status')).toBeTruthy();
    expect(screen.getByTestId('campaign-status').textContent).toBe('Status: Programada');
    expect(screen.queryByRole('group', { name: 'Confirmações' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Confirmações solicitadas' })).toBeNull();
    expect(within(card('Lista de tags')).getByText('VIP')).toBeTruthy();
    expect(within(card('Conclusão')).getByText('Não concluída')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('shows a profile user the access-denied view', async () => {
    renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
    expect(screen.queryByTestId('campaign-status')).toBeNull();
    expect(reads).toBe(0);
  });
});
