/** @vitest-environment jsdom */
import type { UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
import { http, HttpResponse, apiUrl, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { FileListsPage } from './file-lists-page';

const server = startTestApi(userCreation('enabled'));

type Row = { id: number; name: string; message: string };

/** GET /files answering from `rows`, searched by name; every query is recorded. */
function filesApi(rows: Row[]) {
  const queries: string[] = [];
  server.use(
    http.get(apiUrl('/files'), ({ request }) => {
      const url = new URL(request.url);
      const search = (url.searchParams.get('searchParam') ?? '').toLowerCase();
      queries.push(`${search}|${url.searchParams.get('pageNumber') ?? ''}`);
      const found = rows.filter((r) => r.name.toLowerCase().includes(search));
      return HttpResponse.json({ files: found, count: found.length, hasMore: false });
    }),
  );
  return queries;
}

function Gate() {
  const { user } = useAuth();
  return user ? <FileListsPage /> : null;
}

function renderPage(me: UserView) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)));
  return renderWithProviders(
    <>
      <Gate />
      <Toaster />
    </>,
    { session: true, route: '/files' },
  );
}

describe('FileListsPage', () => {
  it('shows a profile user the no-access view and asks for no lists', async () => {
    const queries = filesApi([]);
    renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(queries).toEqual([]);
  });

  it('lists the file lists, searches them, and deletes one after confirming', async () => {
    const user = userEvent.setup();
    const rows = [
      { id: 1, name: 'Catálogo', message: 'Segue o catálogo' },
      { id: 2, name: 'Tabela de preços', message: 'Nossos preços' },
    ];
    const queries = filesApi(rows);
    let deleted = 0;
    server.use(
      http.delete(apiUrl('/files/2'), () => {
        deleted++;
        rows.splice(1, 1);
        return HttpResponse.json({ message: 'File List deleted' });
      }),
    );
    renderPage(userFixture());
    const table = await screen.findByRole('table', { name: 'Lista de Arquivos' });
    expect(await within(table).findByRole('row', { name: 'Catálogo' })).toBeTruthy();
    expect(within(table).getByText('Nossos preços')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar...' }), 'tab');
    await waitFor(() => expect(queries).toContain('tab|1'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: 'Catálogo' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Excluir Tabela de preços' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir a lista "Tabela de preços"?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Lista de arquivos excluída.')).toBeTruthy();
    expect(deleted).toBe(1);
    expect(await screen.findByText('Nenhuma lista de arquivos encontrada.')).toBeTruthy();
  });
});
