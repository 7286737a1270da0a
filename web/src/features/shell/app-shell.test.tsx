/** @vitest-environment jsdom */
import { drawerItemsFor, type PlanView, type UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, onTestFinished } from 'vitest';
import { companyKeys } from '@/features/companies/queries';
import { PrivateRoute } from '@/features/auth/route-guards';
import { authKeys } from '@/lib/auth/keys';
import { changeLanguage, i18n } from '@/lib/i18n';
import { ptBR } from '@/lib/i18n/resources';
import {
  apiUrl,
  dueIn,
  http,
  HttpResponse,
  planFixture,
  userCreation,
  userFixture,
  startTestApi,
} from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { AppShell } from './app-shell';
import { NARROW_QUERY } from './use-narrow-screen';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/version'), () => HttpResponse.json({ version: '1.2.3' })),
);

/** The api as a logged-in `user` of a company on `plan` sees it. */
function signedIn(user: UserView, plan: PlanView = planFixture()) {
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)),
    http.get(apiUrl(`/companies/listPlan/${user.companyId}`), () => HttpResponse.json({ plan })),
  );
}

function ShellRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<h1>Tela de login</h1>} />
      <Route element={<PrivateRoute />}>
        <Route element={<AppShell />}>
          <Route path="*" element={<h1>Página atual</h1>} />
        </Route>
      </Route>
    </Routes>
  );
}

/** The drawer once its entries (which wait for the plan) are in. */
async function drawer() {
  const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
  await waitFor(() => expect(nav.getAttribute('aria-busy')).toBe('false'));
  return nav;
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'));

describe('AppShell', () => {
  it('shows an admin the entries the permissions module allows, under their headings', async () => {
    const admin = userFixture();
    const plan = planFixture({ useCampaigns: false } as Partial<PlanView>);
    signedIn(admin, plan);
    renderWithProviders(<ShellRoutes />, { route: '/tickets', session: true });
    const nav = await drawer();
    const expected = drawerItemsFor(admin, { plan, hasHelps: false }).map(
      (item) => ptBR.drawer[item],
    );
    expect(linkNames(nav)).toEqual(expected);
    expect(expected).toContain('Usuários');
    expect(expected).not.toContain(ptBR.drawer.campaigns);
    expect(within(nav).getByRole('heading', { name: 'Administração' })).toBeTruthy();
    expect(screen.getByText('Olá Ana Admin, seja bem-vindo(a)!')).toBeTruthy();
    expect(await screen.findByText('Versão 1.2.3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Página atual' })).toBeTruthy();
  });

  it('hides administration from an agent and warns of a subscription about to end', async () => {
    const agent = userFixture({
      id: 8,
      name: 'Beto',
      profile: 'user',
      company: { id: 2, name: 'Demo Ltda', dueDate: dueIn(2) },
    });
    signedIn(agent);
    renderWithProviders(<ShellRoutes />, { route: '/tickets', session: true });
    const nav = await drawer();
    expect(linkNames(nav)).not.toContain('Usuários');
    expect(within(nav).queryByRole('heading', { name: 'Administração' })).toBeNull();
    expect(screen.getByRole('status', { name: '' }).textContent).toContain(
      'Sua assinatura vence em 2 dias!',
    );
  });

  it('collapses the drawer to icons', async () => {
    const user = userEvent.setup();
    signedIn(userFixture());
    renderWithProviders(<ShellRoutes />, { route: '/tickets', session: true });
    const nav = await drawer();
    expect(within(nav).getByText('Usuários')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Recolher menu' }));
    const expand = screen.getByRole('button', { name: 'Expandir menu' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).queryByText('Usuários')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Usuários' })).toBeTruthy();
  });

  it('below md opens the drawer as a sheet from the menu button, closed by a followed link', async () => {
    const wide = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({ ...wide(query), matches: query === NARROW_QUERY }) as MediaQueryList;
    onTestFinished(() => {
      window.matchMedia = wide;
    });
    const user = userEvent.setup();
    signedIn(userFixture());
    renderWithProviders(<ShellRoutes />, { route: '/tickets', session: true });
    const menu = await screen.findByRole('button', { name: 'Abrir menu' });
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    await user.click(menu);
    const sheet = await screen.findByRole('dialog', { name: 'Menu principal' });
    const nav = await drawer();
    expect(sheet.contains(nav)).toBe(true);
    await user.click(within(nav).getByRole('link', { name: 'Usuários' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
  });

  it('logs out from the user menu: the api is told, the token and the cache are gone', async () => {
    const user = userEvent.setup();
    let loggedOut = false;
    server.use(
      http.delete(apiUrl('/auth/logout'), () => {
        loggedOut = true;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    signedIn(userFixture());
    const { client } = renderWithProviders(<ShellRoutes />, { route: '/tickets', session: true });
    await drawer();
    expect(client.getQueryData(companyKeys.plan(2))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { name: 'Tela de login' })).toBeTruthy();
    expect(loggedOut).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(client.getQueryData(authKeys.me)).toBeUndefined();
    expect(client.getQueryData(companyKeys.plan(2))).toBeUndefined();
  });

  it('offers Turkish in the language menu and switches the console to it', async () => {
    const user = userEvent.setup();
    signedIn(userFixture());
    renderWithProviders(<ShellRoutes />, { route: '/tickets', session: true });
    await drawer();
    await user.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    const options = await screen.findAllByRole('menuitemradio');
    expect(options.map((o) => o.textContent)).toEqual([
      'Português',
      'English',
      'Español',
      'Türkçe',
    ]);
    await user.click(screen.getByRole('menuitemradio', { name: 'Türkçe' }));
    try {
      await waitFor(() => expect(i18n.language).toBe('tr'));
      expect(localStorage.getItem('i18nextLng')).toBe('tr');
      expect(i18n.t('shell.logout')).toBe('Çıkış yap');
      expect(i18n.t('tickets.list.tabs.open')).toBe('Görüşmede');
    } finally {
      await changeLanguage('pt-BR');
    }
  });

  it('sends a company whose subscription expired to /financeiro-aberto', async () => {
    signedIn(userFixture({ company: { id: 2, name: 'Demo Ltda', dueDate: dueIn(-3) } }));
    renderWithProviders(<ShellRoutes />, { route: '/tickets', session: true });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
        '/financeiro-aberto',
      ),
    );
  });
});
