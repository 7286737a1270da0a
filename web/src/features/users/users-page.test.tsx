/** @vitest-environment jsdom */
import type { UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
import { http, HttpResponse, apiUrl, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { UsersPage } from './users-page';

const server = startTestApi(userCreation('enabled'));

const person = (id: number, name: string, extra: Partial<UserView> = {}) =>
  userFixture({
    id,
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@demo.test`,
    profile: 'user',
    startWork: '08:00',
    endWork: '18:00',
    online: false,
    ...extra,
  });

/** GET /users answering from `rows` 20 a page, searched by name; every query is recorded. */
function usersApi(rows: UserView[]) {
  const queries: string[] = [];
  server.use(
    http.get(apiUrl('/users'), ({ request }) => {
      const url = new URL(request.url);
      const search = (url.searchParams.get('searchParam') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('pageNumber') ?? '1');
      queries.push(`${search}|${page}`);
      const found = rows.filter((u) => u.name.toLowerCase().includes(search));
      return HttpResponse.json({
        users: found.slice((page - 1) * 20, page * 20),
        count: found.length,
        hasMore: found.length > page * 20,
      });
    }),
  );
  return queries;
}

function Gate() {
  const { user } = useAuth();
  return user ? <UsersPage /> : null;
}

function renderPage(me: UserView, route = '/users') {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)));
  return renderWithProviders(
    <>
      <Gate />
      <Toaster />
    </>,
    { session: true, route },
  );
}

const location = () => screen.getByLabelText('location').textContent;
const table = () => screen.getByRole('table', { name: 'Usuários' });

describe('UsersPage', () => {
  it('shows a profile user the no-permission view and asks for no users', async () => {
    const queries = usersApi([]);
    renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(queries).toEqual([]);
  });

  it('lists the columns of docs/product/users-and-auth.md with the online dot and profile', async () => {
    usersApi([
      person(3, 'Bruno Lima', { online: true, profile: 'admin' }),
      person(4, 'Carla Dias'),
    ]);
    renderPage(userFixture());
    const row = (await screen.findByText('Bruno Lima')).closest('tr')!;
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'ID',
      'Status',
      'Avatar',
      'Nome',
      'Email',
      'Perfil',
      'Início de trabalho',
      'Fim de trabalho',
      'Ações',
    ]);
    expect(within(row).getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(within(row).getByText('Administrador')).toBeTruthy();
    expect(within(row).getByText('08:00')).toBeTruthy();
    const other = screen.getByText('Carla Dias').closest('tr')!;
    expect(within(other).getByRole('img', { name: 'Offline' })).toBeTruthy();
  });

  it('searches 500 ms after typing stops, once, with the search in the URL', async () => {
    const user = userEvent.setup();
    const queries = usersApi([person(3, 'Bruno Lima'), person(4, 'Carla Dias')]);
    renderPage(userFixture());
    await screen.findByText('Carla Dias');
    await user.type(screen.getByLabelText('Pesquisar...'), 'carla');
    expect(queries).toEqual(['|1']);
    await waitFor(() => expect(screen.queryByText('Bruno Lima')).toBeNull());
    expect(queries).toEqual(['|1', 'carla|1']);
    expect(location()).toBe('/users?search=carla');
  });

  it('pages as the api pages, the page in the URL', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 25 }, (_, i) =>
      person(i + 1, `Pessoa ${String(i + 1).padStart(2, '0')}`),
    );
    const queries = usersApi(rows);
    renderPage(userFixture());
    await screen.findByText('Pessoa 20');
    expect(screen.getByText('Página 1 de 2 · 25 usuários')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Pessoa 25')).toBeTruthy();
    expect(queries).toEqual(['|1', '|2']);
    expect(location()).toBe('/users?page=2');
    expect(screen.getByRole('button', { name: 'Próxima página' })).toHaveProperty('disabled', true);
  });

  it('deletes a user after the confirmation and refetches the page', async () => {
    const user = userEvent.setup();
    const rows = [person(3, 'Bruno Lima'), person(4, 'Carla Dias')];
    usersApi(rows);
    let deleted = 0;
    server.use(
      http.delete(apiUrl('/users/4'), () => {
        deleted++;
        rows.splice(1, 1);
        return HttpResponse.json({ message: 'User deleted' });
      }),
    );
    renderPage(userFixture());
    await user.click(await screen.findByRole('button', { name: 'Excluir Carla Dias' }));
    expect(await screen.findByText('Excluir Carla Dias?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Usuário excluído com sucesso.')).toBeTruthy();
    expect(deleted).toBe(1);
    await waitFor(() => expect(screen.queryByText('Carla Dias')).toBeNull());
  });
});
