/** @vitest-environment jsdom */
import type { TicketView } from '@atendo/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
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
import { testQueryClient } from '@/test/render';
import { Conversation } from './conversation';
import { chatKeys, type MessagesData } from './queries';
import { applyMessage } from './realtime';
import { messageFixture, ticketFixture } from './test-fixtures';
import { WhenLoggedIn } from './test-session';

let ticket: TicketView = ticketFixture();
let settings: { key: string; value: string }[] = [];
let pagesAsked: number[] = [];

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(userFixture())),
  http.get(apiUrl('/companies/listPlan/:id'), () => HttpResponse.json({ plan: planFixture() })),
  http.get(apiUrl('/settings'), () => HttpResponse.json(settings)),
  http.get(apiUrl('/quick-messages/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/tickets/u/:uuid'), () => HttpResponse.json(ticket)),
  http.get(apiUrl('/messages/:uuid'), ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get('pageNumber'));
    pagesAsked.push(page);
    const messages =
      page === 1
        ? [messageFixture({ id: 3, body: 'mensagem nova', fromMe: false })]
        : [messageFixture({ id: 1, body: 'mensagem antiga', createdAt: '2026-01-09T10:00:00Z' })];
    return HttpResponse.json({ messages, ticket, count: 2, hasMore: page === 1 });
  }),
);

beforeEach(() => {
  ticket = ticketFixture();
  settings = [];
  pagesAsked = [];
  localStorage.setItem('token', 'access-token');
});

function renderConversation() {
  return renderWithProviders(
    <>
      <WhenLoggedIn>
        <Conversation ticketUuid={ticket.uuid} />
      </WhenLoggedIn>
      <Toaster />
    </>,
    { session: true, route: `/tickets/${ticket.uuid}` },
  );
}

const location = () => screen.getByLabelText('location').getAttribute('data-pathname');

describe('Conversation', () => {
  it('shows the contact and the newest page, and loads the older one near the top', async () => {
    renderConversation();
    expect(await screen.findByText('mensagem nova')).toBeTruthy();
    expect(screen.getByTestId('chat-contact-name').textContent).toContain('Maria Souza');
    expect(screen.getByText('Suporte')).toBeTruthy();
    const list = screen.getByTestId('message-list');
    list.scrollTop = 10;
    fireEvent.scroll(list);
    expect(await screen.findByText('mensagem antiga')).toBeTruthy();
    expect(pagesAsked).toEqual([1, 2]);
  });

  it("ignores a pending ticket ('Ticket ignorado com sucesso!') and tells when it cannot", async () => {
    const user = userEvent.setup();
    ticket = ticketFixture({ status: 'pending', userId: null, user: null });
    let fail = false;
    server.use(
      http.put(apiUrl(`/tickets/${ticket.id}/ignore`), () =>
        fail
          ? HttpResponse.json({ error: 'ERR_NO_TICKET_FOUND' }, { status: 404 })
          : HttpResponse.json({ ...ticket, status: 'closed' }),
      ),
    );
    renderConversation();
    fail = true;
    await user.click(await screen.findByRole('button', { name: 'Ignorar' }));
    expect(await screen.findByText('Não foi possível ignorar o ticket.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Ignorar' }));
    expect(await screen.findByText('Ticket ignorado com sucesso!')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/tickets'));
  });

  it('names who holds the contact when reopening answers another ticket', async () => {
    const user = userEvent.setup();
    ticket = ticketFixture({ status: 'closed' });
    server.use(
      http.put(apiUrl(`/tickets/${ticket.id}`), () =>
        HttpResponse.json(
          ticketFixture({
            id: 99,
            uuid: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
            user: { id: 12, name: 'Carlos' },
            queue: { id: 4, name: 'Vendas', color: '#f00' },
          }),
        ),
      ),
    );
    renderConversation();
    await user.click(await screen.findByRole('button', { name: 'Reabrir' }));
    expect(
      await screen.findByText('Este contato já está sendo atendido por Carlos na fila Vendas.'),
    ).toBeTruthy();
    expect(location()).toBe(`/tickets/${ticket.uuid}`);
  });

  it('asks for LGPD consent when enabled; a failure is told, declining goes to the root', async () => {
    const user = userEvent.setup();
    ticket = ticketFixture({ lgpdAccepted: false });
    settings = [{ key: 'enableLGPD', value: 'enabled' }];
    const answers: unknown[] = [];
    let fail = true;
    server.use(
      http.post(apiUrl('/tickets/lgpd-response'), async ({ request }) => {
        answers.push(await request.json());
        return fail
          ? HttpResponse.json({ error: 'ERR_INTERNAL' }, { status: 500 })
          : HttpResponse.json(ticket);
      }),
    );
    renderConversation();
    await user.click(await screen.findByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Erro ao processar resposta da LGPD')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(answers).toEqual([
      { ticketId: ticket.id, accepted: false },
      { ticketId: ticket.id, accepted: false },
    ]);
  });

  it('resolves: a required tag refusal is the error toast; an nps answer says the rating was asked', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    let answer: 'tag' | 'nps' = 'tag';
    server.use(
      http.put(apiUrl(`/tickets/${ticket.id}`), async ({ request }) => {
        bodies.push(await request.json());
        return answer === 'tag'
          ? HttpResponse.json({ error: 'ERR_TICKET_TAG_REQUIRED' }, { status: 400 })
          : HttpResponse.json({ ...ticket, status: 'nps' });
      }),
    );
    renderConversation();
    await user.click(await screen.findByRole('button', { name: 'Resolver' }));
    expect(
      await screen.findByText('Adicione uma tag ao contato antes de fechar o ticket.'),
    ).toBeTruthy();
    expect(location()).toBe(`/tickets/${ticket.uuid}`);
    answer = 'nps';
    await user.click(screen.getByRole('button', { name: 'Resolver' }));
    expect(await screen.findByText(/Avaliação obrigatória/)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/tickets'));
    expect(bodies[0]).toMatchObject({ status: 'closed', userId: 7 });
  });
});

describe('Conversation message menu', () => {
  it('replies with the quote, deletes an own message and refuses to forward nothing', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    server.use(
      http.get(apiUrl('/messages/:uuid'), () =>
        HttpResponse.json({
          messages: [messageFixture({ id: 3, body: 'minha mensagem', fromMe: true })],
          ticket,
          count: 1,
          hasMore: false,
        }),
      ),
      http.post(apiUrl(`/messages/${ticket.uuid}`), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ messages: [messageFixture({ id: 4, body: 'resposta' })] });
      }),
      http.delete(apiUrl('/messages/3'), () =>
        HttpResponse.json(messageFixture({ id: 3, body: 'minha mensagem', isDeleted: true })),
      ),
    );
    renderConversation();
    await screen.findByText('minha mensagem');
    await user.click(screen.getByRole('button', { name: 'Opções da mensagem' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Responder' }));
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'resposta{Enter}');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ body: 'resposta', quotedMsg: { id: 3 } });
    expect(await screen.findByText('resposta')).toBeTruthy();

    const menus = screen.getAllByRole('button', { name: 'Opções da mensagem' });
    await user.click(menus[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Apagar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Essa mensagem foi apagada')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Opções da mensagem' })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Encaminhar' }));
    // the message whose menu was used starts selected: unselect it
    const boxes = screen.getAllByRole('checkbox', { name: 'Selecionar mensagem' });
    const chosen = boxes.filter((b) => (b as HTMLInputElement).checked);
    expect(chosen).toHaveLength(1);
    await user.click(chosen[0]!);
    await user.click(screen.getByRole('button', { name: 'Encaminhar' }));
    expect(await screen.findByText('Nenhuma mensagem selecionada')).toBeTruthy();
  });
});

describe('applyMessage (live appMessage events)', () => {
  it('appends a created message to the newest page and replaces an updated one', () => {
    const client = testQueryClient();
    const uuid = ticket.uuid;
    const page = (ids: number[]) => ({
      messages: ids.map((id) => messageFixture({ id })),
      ticket,
      count: 3,
      hasMore: false,
    });
    client.setQueryData<MessagesData>(chatKeys.messages(uuid), {
      pages: [page([2, 3]), page([1])],
      pageParams: [1, 2],
    });
    applyMessage(client, uuid, 'create', messageFixture({ id: 4, body: 'chegou' }));
    applyMessage(client, uuid, 'update', messageFixture({ id: 1, isDeleted: true }));
    applyMessage(client, uuid, 'create', messageFixture({ id: 4, body: 'chegou' }));
    const data = client.getQueryData<MessagesData>(chatKeys.messages(uuid))!;
    expect(data.pages[0]!.messages.map((m) => m.id)).toEqual([2, 3, 4]);
    expect(data.pages[1]!.messages[0]!.isDeleted).toBe(true);
  });
});
