/** @vitest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ticketFixture } from './test-fixtures';
import { TransferTicketDialog } from './transfer-ticket-dialog';

const ticket = ticketFixture({ userId: 7 });

const connection = (id: number, name: string, status: string) => ({
  id,
  companyId: 2,
  name,
  channel: 'whatsapp',
  status,
  isDefault: id === 1,
});
const person = (id: number, name: string, email: string, online = false) => ({
  id,
  companyId: 2,
  name,
  email,
  profile: 'user',
  online,
  createdAt: null,
  updatedAt: null,
});

let connections = [
  connection(1, 'Principal', 'CONNECTED'),
  connection(2, 'Reserva', 'DISCONNECTED'),
];
let pagesAsked: number[] = [];
let updates: unknown[] = [];
let usersDelay = 0;

const server = startTestApi(
  http.get(apiUrl('/queue'), () =>
    HttpResponse.json([
      { id: 3, name: 'Suporte', color: '#0000FF' },
      { id: 4, name: 'Vendas', color: '#FF0000' },
    ]),
  ),
  http.get(apiUrl('/whatsapp'), () => HttpResponse.json(connections)),
  http.get(apiUrl('/users'), async ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get('pageNumber'));
    pagesAsked.push(page);
    if (usersDelay) await delay(usersDelay);
    return HttpResponse.json(
      page === 1
        ? {
            users: [
              person(7, 'Ana Admin', 'ana@demo.test', true),
              person(8, 'Bruno Lima', 'bruno@demo.test', true),
            ],
            hasMore: true,
            count: 3,
          }
        : { users: [person(9, 'Marta Reis', 'marta@demo.test')], hasMore: false, count: 3 },
    );
  }),
  http.put(apiUrl(`/tickets/${ticket.id}`), async ({ request }) => {
    updates.push(await request.json());
    return HttpResponse.json({ ...ticket, status: 'pending' });
  }),
);

beforeEach(() => {
  connections = [connection(1, 'Principal', 'CONNECTED'), connection(2, 'Reserva', 'DISCONNECTED')];
  pagesAsked = [];
  updates = [];
  usersDelay = 0;
});

function renderDialog() {
  return renderWithProviders(
    <TransferTicketDialog open onOpenChange={() => {}} ticket={ticket} />,
    { route: `/tickets/${ticket.uuid}` },
  );
}

const submit = () => screen.getByRole('button', { name: 'Transferir' });
const connectionSelect = () => screen.getByLabelText('Conexão') as HTMLSelectElement;

describe('TransferTicketDialog', () => {
  it('offers only connected connections and preselects the only one', async () => {
    renderDialog();
    expect(await screen.findByRole('heading', { name: 'Transferir Ticket' })).toBeTruthy();
    await waitFor(() => expect(connectionSelect().value).toBe('1'));
    const options = within(connectionSelect()).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Principal — Conectada']);
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
  });

  it('asks to pick when several are connected, says so when none is, and Transferir waits for a choice', async () => {
    const user = userEvent.setup();
    connections = [connection(1, 'Principal', 'CONNECTED'), connection(5, 'Outra', 'CONNECTED')];
    const first = renderDialog();
    await waitFor(() => expect(within(connectionSelect()).getAllByRole('option')).toHaveLength(3));
    expect(connectionSelect().value).toBe('');
    expect(within(connectionSelect()).getAllByRole('option')[0]!.textContent).toBe(
      'Selecione uma conexão',
    );
    await waitFor(() => expect(pagesAsked).toContain(2));
    expect(submit().hasAttribute('disabled')).toBe(true);
    await user.selectOptions(screen.getByLabelText('Fila'), '4');
    expect(submit().hasAttribute('disabled')).toBe(false);
    first.unmount();

    connections = [connection(2, 'Reserva', 'DISCONNECTED')];
    renderDialog();
    await waitFor(() =>
      expect(within(connectionSelect()).getByRole('option').textContent).toBe(
        'Nenhuma conexão conectada',
      ),
    );
    expect(submit().hasAttribute('disabled')).toBe(true);
  });

  it('is disabled while the users load', async () => {
    usersDelay = 400;
    renderDialog();
    await waitFor(() => expect(connectionSelect().value).toBe('1'));
    expect(submit().hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
  });

  it('loads every user page, leaves the owner out and filters by name or email', async () => {
    const user = userEvent.setup();
    renderDialog();
    await waitFor(() => expect(pagesAsked).toEqual([1, 2]));
    await user.click(screen.getByRole('combobox', { name: 'Usuário' }));
    const list = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Bruno Lima (bruno@demo.test)', 'Marta Reis (marta@demo.test)']),
    );
    expect(within(list).getAllByRole('img', { name: 'Online' })).toHaveLength(1);
    await user.type(screen.getByRole('combobox', { name: 'Usuário' }), 'MARTA@');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Marta Reis (marta@demo.test)']),
    );
  });

  it('transfers with the choices and the private note, then goes to /tickets/', async () => {
    const user = userEvent.setup();
    const { getByLabelText } = renderDialog();
    await waitFor(() => expect(pagesAsked).toEqual([1, 2]));
    await user.selectOptions(screen.getByLabelText('Fila'), '4');
    await user.click(screen.getByRole('combobox', { name: 'Usuário' }));
    await user.click(await screen.findByRole('option', { name: /Bruno Lima/ }));
    await user.type(
      getByLabelText('Mensagem privada (não será enviada ao cliente)'),
      'cliente VIP',
    );
    await user.click(submit());
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual({
      isTransfered: true,
      status: 'pending',
      queueId: 4,
      userId: 8,
      whatsappId: 1,
      msgTransfer: 'cliente VIP',
    });
    await waitFor(() =>
      expect(screen.getByLabelText('location').getAttribute('data-pathname')).toBe('/tickets/'),
    );
  });
});

void server;
