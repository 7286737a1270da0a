/** @vitest-environment jsdom */
import type { UserView } from '@atendo/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/lib/auth/auth-provider';
import {
  apiUrl,
  dueIn,
  http,
  HttpResponse,
  planFixture,
  startTestApi,
  userCreation,
  userFixture,
} from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { FinanceiroAbertoPage } from './financeiro-aberto-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/companies/listPlan/2'), () => HttpResponse.json({ plan: planFixture() })),
  http.get(apiUrl('/invoices'), () =>
    HttpResponse.json({ invoices: [], count: 0, hasMore: false }),
  ),
);

function Gate() {
  const { user } = useAuth();
  return user ? <FinanceiroAbertoPage /> : null;
}

/** Renders /financeiro-aberto for `me`, whose company's subscription ended yesterday. */
function renderPage(me: UserView) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)));
  renderWithProviders(<Gate />, { session: true, route: '/financeiro-aberto' });
}

const expired = { id: 2, name: 'Demo Ltda', dueDate: dueIn(-1) };

describe('FinanceiroAbertoPage', () => {
  it('tells an admin to pay the open invoice, listed under the notice', async () => {
    renderPage(userFixture({ company: expired }));
    expect(
      await screen.findByText('Pague a fatura em aberto na lista abaixo para reativar o acesso.'),
    ).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Faturas' })).toBeTruthy();
  });

  it('tells any other user to ask an administrator, with no invoices shown', async () => {
    renderPage(userFixture({ profile: 'user', company: expired }));
    expect(
      await screen.findByText('Peça a um administrador da empresa para pagar a fatura em aberto.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Faturas' })).toBeNull();
  });
});
