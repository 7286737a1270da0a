/** @vitest-environment jsdom */
import type { ContactView, TicketView } from '@atendo/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { renderWithProviders, testQueryClient } from '@/test/render';
import { ticketKeys, type TicketListFilters, type TicketPage } from '../../list/queries';
import { chatKeys } from '../queries';
import { ticketFixture } from '../test-fixtures';
import { ContactDrawer } from './contact-drawer';

const cliente = { id: 1, name: 'Cliente', color: '#112233' };
const vip = { id: 2, name: 'VIP', color: '#AA0000' };
const tagView = (t: { id: number; name: string; color: string }) => ({
  ...t,
  kanban: 0,
  userId: null,
  createdAt: null,
  updatedAt: null,
});

const contact: ContactView = {
  id: 5,
  companyId: 2,
  name: 'Maria Souza',
  number: '5511987654321',
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
  tags: [cliente],
  extraInfo: [],
  createdAt: null,
  updatedAt: null,
};

const ticket = ticketFixture({
  contact: { ...ticketFixture().contact!, tags: [cliente] },
});

let requests: { path: string; body: unknown }[] = [];

startTestApi(
  http.get(apiUrl('/contacts/5'), () => HttpResponse.json(contact)),
  http.get(apiUrl('/tags/list'), ({ request }) =>
    HttpResponse.json(
      new URL(request.url).searchParams.get('kanban') === '1'
        ? []
        : [tagView(cliente), tagView(vip)],
    ),
  ),
  http.get(apiUrl('/messages/media'), () => HttpResponse.json({ messages: [], hasMore: false })),
  http.get(apiUrl('/ticket-notes/list'), () => HttpResponse.json([])),
  http.post(apiUrl('/tags'), async ({ request }) => {
    const body = (await request.json()) as { name: string };
    requests.push({ path: '/tags', body });
    return HttpResponse.json(tagView({ id: 9, name: body.name, color: '#00AA00' }), {
      status: 201,
    });
  }),
  http.post(apiUrl('/tags/sync'), async ({ request }) => {
    const body = (await request.json()) as { contactId: number; tags: { id: number }[] };
    requests.push({ path: '/tags/sync', body });
    const known = [cliente, vip, { id: 9, name: 'Atacado', color: '#00AA00' }];
    return HttpResponse.json({
      contactId: body.contactId,
      tags: body.tags.map((t) => tagView(known.find((k) => k.id === t.id)!)),
    });
  }),
);

beforeEach(() => {
  requests = [];
});

const filters = { status: 'open' } as TicketListFilters;

function renderDrawer() {
  const client = testQueryClient();
  client.setQueryData<InfiniteData<TicketPage>>(ticketKeys.list(filters), {
    pages: [{ tickets: [ticket], count: 1, hasMore: false }],
    pageParams: [1],
  });
  client.setQueryData<TicketView>(chatKeys.ticket(ticket.uuid), ticket);
  renderWithProviders(<ContactDrawer ticket={ticket} onClose={() => {}} />, { client });
  return client;
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Tags do contato' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('ContactDrawer tags', () => {
  it("adds a company tag at once through POST /tags/sync and updates the ticket's caches", async () => {
    const user = userEvent.setup();
    const client = renderDrawer();
    await waitFor(() => expect(chips()).toEqual(['Cliente']));
    await user.click(screen.getByRole('combobox', { name: 'Tags do contato' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));

    await waitFor(() =>
      expect(requests).toEqual([
        { path: '/tags/sync', body: { contactId: 5, tags: [{ id: 1 }, { id: 2 }] } },
      ]),
    );
    await waitFor(() => expect(chips()).toEqual(['Cliente', 'VIP']));
    const listed = client.getQueryData<InfiniteData<TicketPage>>(ticketKeys.list(filters));
    expect(listed?.pages[0]?.tickets[0]?.contact?.tags?.map((t) => t.name)).toEqual([
      'Cliente',
      'VIP',
    ]);
    const open = client.getQueryData<TicketView>(chatKeys.ticket(ticket.uuid));
    expect(open?.contact?.tags?.map((t) => t.name)).toEqual(['Cliente', 'VIP']);
    expect(client.getQueryData<ContactView>(['contacts', 'detail', 5])?.tags).toHaveLength(2);
  });

  it("refuses a new tag under 3 characters with 'Tag muito curta!', creates a longer one and removes a tag", async () => {
    const user = userEvent.setup();
    renderDrawer();
    await waitFor(() => expect(chips()).toEqual(['Cliente']));
    const input = screen.getByRole('combobox', { name: 'Tags do contato' });
    await user.type(input, 'ab{Enter}');
    expect(await screen.findByText('Tag muito curta!')).toBeTruthy();
    expect(requests).toEqual([]);

    await user.clear(input);
    await user.type(input, 'Atacado{Enter}');
    await waitFor(() => expect(chips()).toEqual(['Cliente', 'Atacado']));
    await waitFor(() =>
      expect(requests).toEqual([
        { path: '/tags', body: { name: 'Atacado', kanban: 0 } },
        { path: '/tags/sync', body: { contactId: 5, tags: [{ id: 1 }, { id: 9 }] } },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Remover a tag Cliente' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2]).toEqual({ path: '/tags/sync', body: { contactId: 5, tags: [{ id: 9 }] } });
    await waitFor(() => expect(chips()).toEqual(['Atacado']));
  });
});
