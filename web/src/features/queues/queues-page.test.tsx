/** @vitest-environment jsdom */
import type { UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
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
import { QueuesPage } from './queues-page';

interface Row {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string | null;
}
let queues: Row[] = [];
let reads = 0;
let deleted: number[] = [];
let created: Record<string, unknown>[] = [];

const server = startTestApi(
  userCreation('disabled'),
  http.get(apiUrl('/companies/listPlan/2'), () => HttpResponse.json({ plan: planFixture() })),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/settings'), () => HttpResponse.json([])),
  http.get(apiUrl('/queue'), () => {
    reads++;
    return HttpResponse.json(queues);
  }),
  http.get(apiUrl('/users/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/queueIntegration'), () =>
    HttpResponse.json({ queueIntegrations: [], count: 0, hasMore: false }),
  ),
  http.get(apiUrl('/files'), () => HttpResponse.json({ files: [], count: 0, hasMore: false })),
  http.delete(apiUrl('/queue/:id'), ({ params }) => {
    deleted.push(Number(params.id));
    queues = queues.filter((q) => q.id !== Number(params.id));
    return HttpResponse.json({ message: 'Queue deleted' });
  }),
  http.post(apiUrl('/queue'), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    created.push(body);
    queues = [
      ...queues,
      {
        id: 9,
        name: String(body.name),
        color: String(body.color),
        orderQueue: 3,
        greetingMessage: null,
      },
    ];
    return HttpResponse.json({ id: 9, ...body });
  }),
);

beforeEach(() => {
  queues = [
    { id: 5, name: 'Vendas', color: '#00aa00', orderQueue: 1, greetingMessage: 'Olá, vendas!' },
    { id: 6, name: 'Suporte', color: '#0000ff', orderQueue: 2, greetingMessage: null },
  ];
  reads = 0;
  deleted = [];
  created = [];
});

function Signed({ children }: { children: ReactNode }) {
  return useAuth().status === 'authenticated' ? <>{children}</> : null;
}

function renderPage(me: UserView = userFixture()) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)));
  renderWithProviders(
    <>
      <Signed>
        <QueuesPage />
      </Signed>
      <Toaster />
    </>,
    { session: true, route: '/queues' },
  );
}

describe('QueuesPage', () => {
  it('lists the queues with colour, order and greeting, and deletes one after confirming', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Filas & Chatbot' });
    const sales = await within(table).findByRole('row', { name: 'Vendas' });
    expect(within(sales).getByText('Olá, vendas!')).toBeTruthy();
    expect(within(sales).getByRole('img', { name: '#00aa00' })).toBeTruthy();
    expect(within(sales).getByText('1')).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Suporte' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Excluir Suporte' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir a fila Suporte?')).toBeTruthy();
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Fila excluída com sucesso!')).toBeTruthy();
    expect(deleted).toEqual([6]);
    await waitFor(() => expect(within(table).queryByRole('row', { name: 'Suporte' })).toBeNull());
    expect(within(table).getByRole('row', { name: 'Vendas' })).toBeTruthy();
  });

  it('adds a queue through the dialog and shows it in the list', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('row', { name: 'Vendas' });
    await user.click(screen.getByRole('button', { name: 'Adicionar fila' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar fila' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Financeiro');
    await user.type(within(dialog).getByLabelText('Ordem da fila (bot)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Fila salva com sucesso!')).toBeTruthy();
    expect(created).toEqual([
      expect.objectContaining({ name: 'Financeiro', orderQueue: 3, chatbots: [] }),
    ]);
    expect(await screen.findByRole('row', { name: 'Financeiro' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a non-admin the forbidden page and reads no queue', async () => {
    renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar fila' })).toBeNull();
    expect(reads).toBe(0);
  });
});
