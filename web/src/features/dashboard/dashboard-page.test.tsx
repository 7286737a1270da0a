/** @vitest-environment jsdom */
import type { DashboardView, UserView } from '@atendo/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { PrivateRoute } from '@/features/auth/route-guards';
import { MomentsPage } from '@/features/moments/moments-page';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { DashboardPage } from './dashboard-page';

const server = startTestApi(userCreation('enabled'));

const view: DashboardView = {
  counters: {
    supportHappening: 3,
    supportPending: 1,
    supportFinished: 4,
    supportGroups: 0,
    leads: 2,
    avgSupportTime: 30,
    avgWaitTime: 10,
    activeTickets: 1,
    passiveTickets: 7,
    npsScore: 50,
    npsPromotersPerc: 75,
    npsPassivePerc: 0,
    npsDetractorsPerc: 25,
    npsPromotersCount: 3,
    npsPassiveCount: 0,
    npsDetractorsCount: 1,
    tickets: 8,
    waitRating: 0,
    withoutRating: 1,
    withRating: 3,
    percRating: 75,
  },
  attendants: [
    {
      id: 7,
      name: 'Ana Admin',
      online: true,
      rating: 9,
      countRating: 3,
      tickets: 8,
      avgWaitTime: 10,
      avgSupportTime: 30,
    },
  ],
};

function signedIn(user: UserView) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)));
}

/** Answers the three dashboard calls, recording the periods asked for. */
function dashboardApi() {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl('/dashboard'), ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.searchParams.get('date_from')}..${url.searchParams.get('date_to')}`);
      return HttpResponse.json(view);
    }),
    http.get(apiUrl('/dashboard/ticketsUsers'), () =>
      HttpResponse.json({ data: [{ userId: 7, nome: 'Ana Admin', quantidade: 8 }] }),
    ),
    http.get(apiUrl('/dashboard/ticketsDay'), () =>
      HttpResponse.json({ data: [{ data: '10/03/2025', total: 8 }], count: 8 }),
    ),
  );
  return asked;
}

function renderAt(route: string) {
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/" element={<DashboardPage />} />
          <Route path="/moments" element={<MomentsPage />} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route, session: true },
  );
}

describe('DashboardPage', () => {
  it('shows the 403 page to a plain user without showDashboard', async () => {
    signedIn(
      userFixture({ profile: 'user', showDashboard: 'disabled', allowRealTime: 'disabled' }),
    );
    renderAt('/');
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
  });

  it('hides the live panel from a plain user without allowRealTime', async () => {
    signedIn(
      userFixture({ profile: 'user', showDashboard: 'disabled', allowRealTime: 'disabled' }),
    );
    renderAt('/moments');
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
  });

  it('shows the period, filters by the chosen days and asks for a period when one is missing', async () => {
    const user = userEvent.setup();
    signedIn(userFixture({ profile: 'user', showDashboard: 'enabled' }));
    const asked = dashboardApi();
    renderAt('/');
    const happening = await screen.findByRole('group', { name: 'Em atendimento' });
    expect(within(happening).getByText('3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mostrar filtro' }));
    await user.clear(screen.getByLabelText('Data inicial'));
    await user.type(screen.getByLabelText('Data inicial'), '2025-03-10');
    await user.clear(screen.getByLabelText('Data final'));
    await user.type(screen.getByLabelText('Data final'), '2025-03-11');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await screen.findByRole('group', { name: 'Em atendimento' });
    await expect.poll(() => asked.at(-1)).toBe('2025-03-10..2025-03-11');
    const calls = asked.length;
    await user.clear(screen.getByLabelText('Data inicial'));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Parametrize o filtro')).toBeTruthy();
    expect(asked.length).toBe(calls);
    await user.click(screen.getByRole('tab', { name: 'Atendentes' }));
    const row = within(await screen.findByRole('row', { name: /Ana Admin/ }));
    expect(row.getByText('9 (3)')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'NPS' }));
    expect(screen.getByRole('group', { name: 'Promotores' }).textContent).toContain('75% (3)');
  });
});
