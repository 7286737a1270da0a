/** @vitest-environment jsdom */
import type { UserView } from '@atendo/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
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
import { ConnectionsPage } from './connections-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/whatsapp'), () =>
    HttpResponse.json([
      {
        id: 5,
        companyId: 2,
        name: 'Loja',
        number: '5511999990000',
        channel: 'whatsapp',
        status: 'CONNECTED',
        isDefault: true,
        createdAt: null,
        updatedAt: '2026-03-04T15:06:00',
      },
    ]),
  ),
);

function renderAs(user: UserView) {
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)),
    http.get(apiUrl(`/companies/listPlan/${user.companyId}`), () =>
      HttpResponse.json({ plan: planFixture({ useFacebook: false }) }),
    ),
  );
  renderWithProviders(
    <Routes>
      <Route element={<PrivateRoute />}>
        <Route path="/connections" element={<ConnectionsPage />} />
      </Route>
    </Routes>,
    { route: '/connections', session: true },
  );
}

describe('ConnectionsPage', () => {
  it('shows a plain user without allowConnections the no-permission screen', async () => {
    renderAs(userFixture({ profile: 'user', allowConnections: 'disabled' }));
    expect(
      await screen.findByText('Você não tem permissão para acessar esta página.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists connections with their session column, and gates the new-connection menu by the plan', async () => {
    const ui = userEvent.setup();
    renderAs(userFixture({ profile: 'user', allowConnections: 'enabled' }));
    const row = await screen.findByRole('row', { name: 'Loja' });
    expect(within(row).getByText('Conectado')).toBeTruthy();
    expect(within(row).getByText('04/03/26 15:06')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Desconectar' })).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Conexão padrão' })).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'Nova conexão' }));
    const item = (name: string) => screen.getByRole('menuitem', { name });
    expect(item('WhatsApp').getAttribute('aria-disabled')).toBeNull();
    expect(item('Facebook').getAttribute('aria-disabled')).toBe('true');
    expect(item('Instagram').getAttribute('aria-disabled')).toBeNull();
  });
});
