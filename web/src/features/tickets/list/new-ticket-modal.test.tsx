/** @vitest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '@/lib/auth/auth-provider';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { NewTicketModal } from './new-ticket-modal';

const contactRow = (id: number, name: string, number: string | null) => ({
  id,
  companyId: 2,
  name,
  number,
  email: null,
  profilePicUrl: null,
  urlPicture: null,
  isGroup: false,
  disableBot: false,
  acceptAudioMessage: true,
  active: true,
  channel: 'whatsapp',
  lgpdAcceptedAt: null,
  whatsappId: null,
  whatsapp: null,
  tags: [],
  extraInfo: [],
  createdAt: null,
  updatedAt: null,
});

const connection = (id: number, name: string) => ({
  id,
  companyId: 2,
  name,
  channel: 'whatsapp',
  status: 'CONNECTED',
  isDefault: id === 1,
});

let created: Record<string, unknown>[] = [];
let searches: string[] = [];
let ticketAnswer: () => Response;

const uuid = '00000000-0000-4000-8000-000000000099';
startTestApi(
  userCreation('disabled'),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(userFixture())),
  http.get(apiUrl('/whatsapp'), () =>
    HttpResponse.json([connection(1, 'Comercial'), connection(2, 'Suporte WA')]),
  ),
  http.get(apiUrl('/contacts'), ({ request }) => {
    const search = new URL(request.url).searchParams.get('searchParam') ?? '';
    searches.push(search);
    const all = [
      contactRow(31, 'Carla Dias', '5511977776666'),
      contactRow(32, 'Carlos Melo', null),
    ];
    const found = all.filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
    return HttpResponse.json({ contacts: found, count: found.length, hasMore: false });
  }),
  http.post(apiUrl('/tickets'), async ({ request }) => {
    created.push((await request.json()) as Record<string, unknown>);
    return ticketAnswer();
  }),
);

beforeEach(() => {
  created = [];
  searches = [];
  ticketAnswer = () => HttpResponse.json({ id: 99, uuid, status: 'open' });
  localStorage.setItem('token', 'access-token');
});

function Signed({ children }: { children: ReactNode }) {
  return useAuth().status === 'authenticated' ? <>{children}</> : null;
}

function renderModal() {
  const state = { closed: 0, tabs: [] as string[], heldBy: [] as unknown[] };
  renderWithProviders(
    <Signed>
      <NewTicketModal
        open
        onClose={() => state.closed++}
        queues={[
          { id: 3, name: 'Vendas' },
          { id: 4, name: 'Financeiro' },
        ]}
        onTab={(tab) => state.tabs.push(tab)}
        onHeldBy={(holder) => state.heldBy.push(holder)}
      />
    </Signed>,
    { session: true, route: '/tickets' },
  );
  return state;
}

describe('NewTicketModal', () => {
  it('requires a contact, a queue and a connection before creating anything', async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Criar Ticket' });
    await user.type(within(dialog).getByLabelText('Contato'), 'ca');
    expect(within(dialog).getByText('Digite ao menos 3 caracteres')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText('Selecione um contato')).toBeTruthy();
    expect(within(dialog).getAllByText('Selecione uma fila')).toHaveLength(2);
    expect(within(dialog).getAllByText('Selecione uma conexão')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Fila').getAttribute('aria-invalid')).toBe('true');
    expect(created).toEqual([]);
    expect(searches).toEqual([]);
  });

  it('picks a found contact, a queue and a connection, creates the ticket open and opens it', async () => {
    const user = userEvent.setup();
    const state = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Criar Ticket' });
    await user.type(within(dialog).getByLabelText('Contato'), 'carla');
    const listbox = await within(dialog).findByRole('listbox');
    await user.click(
      await within(listbox).findByRole('option', { name: 'Carla Dias (+55 (11) 97777-6666)' }),
    );
    expect(searches).toContain('carla');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(within(dialog).getByText('Carla Dias')).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText('Fila'), 'Financeiro');
    const connectionSelect = within(dialog).getByLabelText('Conexão');
    await within(connectionSelect).findByRole('option', { name: 'Suporte WA' });
    await user.selectOptions(connectionSelect, 'Suporte WA');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(state.closed).toBe(1));
    expect(created).toEqual([
      { contactId: 31, queueId: 4, whatsappId: 2, userId: 7, status: 'open' },
    ]);
    expect(state.tabs).toEqual(['open']);
    await waitFor(() =>
      expect(screen.getByLabelText('location').textContent).toBe(`/tickets/${uuid}`),
    );
  });

  it("tells who holds the contact's open ticket when it is someone else's", async () => {
    const user = userEvent.setup();
    ticketAnswer = () =>
      HttpResponse.json(
        {
          error: 'ERR_OTHER_OPEN_TICKET',
          data: { uuid: 'x', userId: 9, user: { name: 'Bruno' }, queue: { name: 'Vendas' } },
        },
        { status: 400 },
      );
    const state = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Criar Ticket' });
    await user.type(within(dialog).getByLabelText('Contato'), 'carlos');
    await user.click(await within(dialog).findByRole('option', { name: 'Carlos Melo' }));
    await user.selectOptions(within(dialog).getByLabelText('Fila'), 'Vendas');
    await within(within(dialog).getByLabelText('Conexão')).findByRole('option', {
      name: 'Comercial',
    });
    await user.selectOptions(within(dialog).getByLabelText('Conexão'), 'Comercial');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(state.heldBy).toEqual([{ user: 'Bruno', queue: 'Vendas' }]));
    expect(created).toEqual([
      { contactId: 32, queueId: 3, whatsappId: 1, userId: 7, status: 'open' },
    ]);
    expect(screen.getByLabelText('location').textContent).toBe('/tickets');
  });
});
