/** @vitest-environment jsdom */
import type { PlanView, UserView } from '@atendo/domain';
import { screen, waitFor } from '@testing-library/react';
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
import { CampaignSettingsPage } from './campaign-settings-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
);

/** Saved rows: a custom interval, a weekend day and one variable; the rest at their defaults. */
const ROWS = [
  { key: 'messageInterval', value: '10' },
  { key: 'longerIntervalAfter', value: '20' },
  { key: 'greaterInterval', value: '60' },
  { key: 'sabado', value: 'true' },
  { key: 'domingo', value: 'false' },
  { key: 'startHour', value: '"08:00"' },
  { key: 'endHour', value: '"18:00"' },
  { key: 'variables', value: '[{"key":"cupom","value":"DESC10"}]' },
];

function renderPage(user: UserView = userFixture(), plan: PlanView = planFixture()) {
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)),
    http.get(apiUrl(`/companies/listPlan/${user.companyId}`), () => HttpResponse.json({ plan })),
    http.get(apiUrl('/campaign-settings'), () => HttpResponse.json(ROWS)),
  );
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/campaigns-config" element={<CampaignSettingsPage />} />
          <Route path="/" element={<h1>Início</h1>} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/campaigns-config', session: true },
  );
}

describe('CampaignSettingsPage', () => {
  it('shows the saved settings with the option lists of docs/product/campaigns.md#limits-and-defaults, and saves every key', async () => {
    const ui = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/campaign-settings'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ROWS);
      }),
    );
    renderPage();
    const interval = await screen.findByLabelText('Intervalo randômico de disparo');
    expect(interval).toHaveProperty('value', '10');
    const texts = (label: string) =>
      Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.value);
    expect(texts('Intervalo randômico de disparo')).toEqual([
      '0',
      '5',
      '10',
      '15',
      '20',
      '30',
      '40',
      '60',
      '80',
      '100',
      '120',
    ]);
    expect(texts('Intervalo de disparo maior')).toEqual([
      '0',
      '40',
      '60',
      '80',
      '100',
      '120',
      '140',
      '160',
      '180',
      '200',
    ]);
    const longer = texts('Intervalo maior após');
    expect([longer[0], longer[1], longer.at(-1), longer.length]).toEqual(['0', '5', '60', 57]);
    expect(screen.getAllByRole('option', { name: 'Sem intervalo' })).toHaveLength(2);
    expect(screen.getByRole('option', { name: '60 mensagens' })).toBeTruthy();
    expect(screen.getByLabelText('Enviar aos sábados')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Hora de início')).toHaveProperty('value', '08:00');
    expect(screen.getByLabelText('Atalho 1')).toHaveProperty('value', 'cupom');

    await ui.selectOptions(interval, '0');
    await ui.click(screen.getByLabelText('Enviar aos domingos'));
    await ui.click(screen.getByRole('button', { name: 'Adicionar variável' }));
    await ui.type(screen.getByLabelText('Atalho 2'), 'loja');
    await ui.type(screen.getByLabelText('Conteúdo 2'), 'Loja Centro');
    await ui.click(screen.getByRole('button', { name: 'Salvar configurações' }));

    expect(await screen.findByText('Configurações salvas')).toBeTruthy();
    expect(bodies[0]).toEqual({
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 20,
        greaterInterval: 60,
        startHour: '08:00',
        endHour: '18:00',
        sabado: true,
        domingo: true,
        variables: [
          { key: 'cupom', value: 'DESC10' },
          { key: 'loja', value: 'Loja Centro' },
        ],
      },
    });
  });

  it('refuses a variable key with spaces or twice, before calling the api', async () => {
    const ui = userEvent.setup();
    let posted = 0;
    server.use(
      http.post(apiUrl('/campaign-settings'), () => {
        posted++;
        return HttpResponse.json(ROWS);
      }),
    );
    renderPage();
    await ui.click(await screen.findByRole('button', { name: 'Adicionar variável' }));
    await ui.type(screen.getByLabelText('Atalho 2'), 'cupom');
    await ui.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText(/Use letras, números ou _/)).toBeTruthy();
    await ui.clear(screen.getByLabelText('Atalho 2'));
    await ui.type(screen.getByLabelText('Atalho 2'), 'meu cupom');
    await ui.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(posted).toBe(0);
  });

  it('sends the user home when the plan has no campaigns', async () => {
    renderPage(userFixture(), planFixture({ useCampaigns: false } as Partial<PlanView>));
    expect(
      await screen.findByText(
        'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeTruthy();
  });

  it('shows a profile user the access-denied view', async () => {
    renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
  });
});
