/** @vitest-environment jsdom */
import type { ContactView, UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ContactsPage } from './contacts-page';

const contact = (id: number, name: string, overrides: Partial<ContactView> = {}): ContactView => ({
  id,
  companyId: 2,
  name,
  number: `55119000000${id}`,
  email: null,
  profilePicUrl: null,
  urlPicture: null,
  isGroup: false,
  disableBot: false,
  acceptAudioMessage: true,
  active: true,
  channel: 'whatsapp',
  lgpdAcceptedAt: null,
  whatsappId: 1,
  whatsapp: { id: 1, name: 'Comercial', channel: 'whatsapp' },
  tags: [],
  extraInfo: [],
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

let contacts: ContactView[] = [];
let queries: URLSearchParams[] = [];
let blocks: unknown[] = [];
let deleted: number[] = [];
let created: unknown[] = [];
let tickets: unknown[] = [];

const server = startTestApi(
  userCreation('disabled'),
  http.get(apiUrl('/tags/list'), () =>
    HttpResponse.json([
      { id: 1, name: 'VIP', color: '#ff0000' },
      { id: 2, name: 'Lead', color: '#00ff00' },
    ]),
  ),
  http.get(apiUrl('/contacts'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    const search = (query.get('searchParam') ?? '').toLowerCase();
    const tagIds = JSON.parse(query.get('contactTag') ?? '[]') as number[];
    const found = contacts.filter(
      (c) =>
        c.name.toLowerCase().includes(search) &&
        tagIds.every((id) => c.tags.some((tag) => tag.id === id)),
    );
    return HttpResponse.json({ contacts: found, count: found.length, hasMore: false });
  }),
  http.put(apiUrl('/contacts/block/:id'), async ({ request, params }) => {
    const body = (await request.json()) as { active: boolean };
    blocks.push({ id: Number(params.id), ...body });
    contacts = contacts.map((c) => (c.id === Number(params.id) ? { ...c, ...body } : c));
    return HttpResponse.json(contacts.find((c) => c.id === Number(params.id)));
  }),
  http.delete(apiUrl('/contacts/:id'), ({ params }) => {
    deleted.push(Number(params.id));
    contacts = contacts.filter((c) => c.id !== Number(params.id));
    return HttpResponse.json({ message: 'Contact deleted' });
  }),
  http.post(apiUrl('/contacts'), async ({ request }) => {
    const body = (await request.json()) as { name: string; number: string };
    created.push(body);
    const row = contact(40, body.name, { number: body.number, whatsapp: null, whatsappId: null });
    contacts = [...contacts, row];
    return HttpResponse.json(row);
  }),
  http.post(apiUrl('/tickets'), async ({ request }) => {
    tickets.push(await request.json());
    return HttpResponse.json({ id: 70, uuid: 'ticket-70', status: 'open' });
  }),
);

beforeEach(() => {
  contacts = [
    contact(1, 'Maria Souza', {
      email: 'maria@cliente.io',
      tags: [{ id: 1, name: 'VIP', color: '#ff0000' }],
    }),
    contact(2, 'João Lima', { active: false }),
  ];
  queries = [];
  blocks = [];
  deleted = [];
  created = [];
  tickets = [];
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
        <ContactsPage />
      </Signed>
      <Toaster />
    </>,
    { route: '/contacts', session: true },
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('ContactsPage', () => {
  it('lists the contacts with number, email, connection and status, searched and filtered by tag', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Maria Souza');
    const maria = rowOf('Maria Souza');
    for (const text of ['+55 (11) 9000-0001', 'maria@cliente.io', 'Comercial', 'Ativo'])
      expect(within(maria).getByText(text)).toBeTruthy();
    const joao = rowOf('João Lima');
    expect(within(joao).getByText('Bloqueado')).toBeTruthy();
    expect(within(joao).getByRole('button', { name: 'Abrir ticket' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Filtrar por etiqueta' }));
    await user.click(await screen.findByRole('checkbox', { name: 'VIP' }));
    await waitFor(() => expect(queries.at(-1)?.get('contactTag')).toBe('[1]'));
    await waitFor(() => expect(screen.queryByText('João Lima')).toBeNull());
    await user.keyboard('{Escape}');

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar...' }), 'joão');
    await waitFor(() => expect(queries.at(-1)?.get('searchParam')).toBe('joão'));
    expect(queries.at(-1)?.get('contactTag')).toBe('[1]');
    await waitFor(() => expect(screen.queryByText('Maria Souza')).toBeNull());
    expect(screen.getByText('Nenhum contato encontrado.')).toBeTruthy();
  });

  it('blocks a contact after confirming, and deletes one as an admin', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Maria Souza');
    await user.click(within(rowOf('Maria Souza')).getByRole('button', { name: 'Bloquear' }));
    let confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Bloquear Maria Souza?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Contato bloqueado')).toBeTruthy();
    expect(blocks).toEqual([{ id: 1, active: false }]);
    await waitFor(() => expect(within(rowOf('Maria Souza')).getByText('Bloqueado')).toBeTruthy());

    await user.click(within(rowOf('João Lima')).getByRole('button', { name: 'Excluir' }));
    confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir João Lima?')).toBeTruthy();
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Contato excluído com sucesso!')).toBeTruthy();
    expect(deleted).toEqual([2]);
    await waitFor(() => expect(screen.queryByText('João Lima')).toBeNull());
  });

  it('hides delete from a profile user', async () => {
    renderPage(userFixture({ profile: 'user' }));
    await screen.findByText('Maria Souza');
    expect(within(rowOf('Maria Souza')).queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(within(rowOf('Maria Souza')).getByRole('button', { name: 'Bloquear' })).toBeTruthy();
  });

  it("opens a ticket for a contact on the contact's connection", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Maria Souza');
    await user.click(within(rowOf('Maria Souza')).getByRole('button', { name: 'Abrir ticket' }));
    await waitFor(() =>
      expect(screen.getByLabelText('location').textContent).toBe('/tickets/ticket-70'),
    );
    expect(tickets).toEqual([{ contactId: 1, status: 'open', userId: 7, whatsappId: 1 }]);
  });

  it('adds a contact through the modal and the list shows it', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Maria Souza');
    await user.click(screen.getByRole('button', { name: 'Adicionar contato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar contato' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Ana Paula');
    await user.type(within(dialog).getByLabelText('Número do WhatsApp'), '5511955554444');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Ana Paula')).toBeTruthy();
    expect(created).toEqual([
      expect.objectContaining({ name: 'Ana Paula', number: '5511955554444' }),
    ]);
  });
});
