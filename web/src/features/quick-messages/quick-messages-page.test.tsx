/** @vitest-environment jsdom */
import type { QuickMessageView, UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { QuickMessagesPage } from './quick-messages-page';

const record = (id: number, shortcode: string, overrides: Partial<QuickMessageView> = {}) =>
  ({
    id,
    shortcode,
    message: `Mensagem ${shortcode}`,
    geral: false,
    visao: true,
    status: null,
    userId: 7,
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
    isMedia: false,
    createdAt: null,
    updatedAt: null,
    ...overrides,
  }) as QuickMessageView;

let records: QuickMessageView[] = [];
let searches: string[] = [];
let deleted: number[] = [];
let created: unknown[] = [];

const server = startTestApi(
  userCreation('disabled'),
  http.get(apiUrl('/quick-messages'), ({ request }) => {
    const search = new URL(request.url).searchParams.get('searchParam') ?? '';
    searches.push(search);
    const found = records.filter((r) => r.shortcode.includes(search));
    return HttpResponse.json({ records: found, count: found.length, hasMore: false });
  }),
  http.delete(apiUrl('/quick-messages/:id'), ({ params }) => {
    deleted.push(Number(params.id));
    records = records.filter((r) => r.id !== Number(params.id));
    return HttpResponse.json({ message: 'deleted' });
  }),
  http.post(apiUrl('/quick-messages'), async ({ request }) => {
    const body = (await request.json()) as { shortcode: string; message: string };
    created.push(body);
    const row = record(30, body.shortcode, { message: body.message });
    records = [...records, row];
    return HttpResponse.json(row, { status: 201 });
  }),
);

beforeEach(() => {
  records = [
    record(1, 'ola', { geral: true }),
    record(2, 'preco', { mediaName: 'tabela.pdf' }),
    record(3, 'horario', { userId: 99, geral: true }),
  ];
  searches = [];
  deleted = [];
  created = [];
});

function Signed({ children }: { children: ReactNode }) {
  return useAuth().status === 'authenticated' ? <>{children}</> : null;
}

function renderPage(me: UserView) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)));
  renderWithProviders(
    <>
      <Signed>
        <QuickMessagesPage />
      </Signed>
      <Toaster />
    </>,
    { session: true, route: '/quick-messages' },
  );
}

const rowOf = (shortcode: string) =>
  screen.getByRole('row', { name: new RegExp(`^${shortcode}\\b`) });

describe('QuickMessagesPage', () => {
  it('lists the replies with attachment and sharing, searches, and deletes one after confirming', async () => {
    const user = userEvent.setup();
    renderPage(userFixture());
    const table = await screen.findByRole('table', { name: 'Respostas rápidas' });
    await within(table).findByText('ola');
    expect(within(rowOf('ola')).getByText('sem anexo')).toBeTruthy();
    expect(within(rowOf('ola')).getByLabelText('Compartilhada com todos')).toBeTruthy();
    expect(within(rowOf('preco')).getByText('tabela.pdf')).toBeTruthy();
    expect(within(rowOf('preco')).queryByLabelText('Compartilhada com todos')).toBeNull();
    // An admin may delete someone else's reply.
    expect(within(rowOf('horario')).getByRole('button', { name: 'Excluir' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar...' }), 'pre');
    await waitFor(() => expect(searches).toContain('pre'));
    await waitFor(() => expect(within(table).queryByText('ola')).toBeNull());

    await user.click(within(rowOf('preco')).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir /preco?')).toBeTruthy();
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Resposta rápida excluída.')).toBeTruthy();
    expect(deleted).toEqual([2]);
    expect(await within(table).findByText('Nenhuma resposta rápida encontrada.')).toBeTruthy();
  });

  it("hides delete on another user's reply from a non-admin", async () => {
    renderPage(userFixture({ profile: 'user' }));
    await screen.findByText('horario');
    expect(within(rowOf('horario')).queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(within(rowOf('horario')).getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(within(rowOf('ola')).getByRole('button', { name: 'Excluir' })).toBeTruthy();
  });

  it('adds a reply through the dialog, and the list shows it', async () => {
    const user = userEvent.setup();
    renderPage(userFixture());
    await screen.findByText('ola');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar resposta rápida' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    expect(created).toEqual([]);
    await user.type(within(dialog).getByLabelText('Atalho'), 'boleto');
    await user.type(within(dialog).getByLabelText('Mensagem'), 'Segue o boleto');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('boleto')).toBeTruthy();
    expect(created).toEqual([{ shortcode: 'boleto', message: 'Segue o boleto', geral: false }]);
  });
});
