/** @vitest-environment jsdom */
import type { PlanView, UserView } from '@atendo/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { PrivateRoute } from '@/features/auth/route-guards';
import { SocketProvider } from '@/lib/realtime/realtime-provider';
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
import { ChatsPage } from './chats-page';
import type { ChatMessage, ChatRow } from './queries';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
);

const ME = 7;
const ana = { id: ME, name: 'Ana Admin' };
const bruno = { id: 8, name: 'Bruno Souza' };

const chat = (
  id: number,
  title: string,
  ownerId: number,
  myUnreads: number,
  lastMessage: string | null = null,
): ChatRow => ({
  id,
  uuid: `uuid-${id}`,
  title,
  ownerId,
  lastMessage,
  createdAt: '2025-01-01T09:00:00.000Z',
  updatedAt: '2025-01-01T09:00:00.000Z',
  users: [
    { userId: ME, unreads: myUnreads, user: ana },
    { userId: bruno.id, unreads: 0, user: bruno },
  ],
});

const message = (id: number, chatId: number, sender: typeof ana, text: string): ChatMessage => ({
  id,
  chatId,
  senderId: sender.id,
  message: text,
  createdAt: '2025-01-01T10:00:00.000Z',
  sender,
});

/** A stand-in for the company socket: the page subscribes, the test delivers pushes. */
function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    io: { on: () => undefined, off: () => undefined },
  };
  const deliver = (event: string, payload: unknown) =>
    act(() => handlers.get(event)?.forEach((h) => h(payload)));
  return { socket: socket as unknown as Socket, deliver };
}

/** The chat api: the list, each chat's messages, reads and sends, every call recorded. */
function chatsApi(chats: ChatRow[], messages: Record<number, ChatMessage[]>) {
  const calls = {
    reads: [] as number[],
    sent: [] as { chatId: number; body: unknown }[],
    messagePages: [] as string[],
    deleted: [] as number[],
  };
  server.use(
    http.get(apiUrl('/chats'), () =>
      HttpResponse.json({ records: chats, count: chats.length, hasMore: false }),
    ),
    http.get(apiUrl('/chats/:id/messages'), ({ params, request }) => {
      const page = new URL(request.url).searchParams.get('pageNumber') ?? '';
      calls.messagePages.push(`${String(params.id)}|${page}`);
      const records = messages[Number(params.id)] ?? [];
      return HttpResponse.json({ records, count: records.length, hasMore: false });
    }),
    http.post(apiUrl('/chats/:id/read'), ({ params }) => {
      const id = Number(params.id);
      calls.reads.push(id);
      const found = chats.find((c) => c.id === id)!;
      return HttpResponse.json({
        ...found,
        users: found.users.map((u) => (u.userId === ME ? { ...u, unreads: 0 } : u)),
      });
    }),
    http.post(apiUrl('/chats/:id/messages'), async ({ params, request }) => {
      const body = (await request.json()) as { message: string };
      const chatId = Number(params.id);
      calls.sent.push({ chatId, body });
      return HttpResponse.json(message(100 + calls.sent.length, chatId, ana, body.message), {
        status: 201,
      });
    }),
    http.delete(apiUrl('/chats/:id'), ({ params }) => {
      calls.deleted.push(Number(params.id));
      return HttpResponse.json({ message: 'Chat deleted' });
    }),
  );
  return calls;
}

/** A logged-in user of a company on `plan`, at `route`. */
function renderPage(
  route = '/chats',
  { me = userFixture({ id: ME }), plan = planFixture() }: { me?: UserView; plan?: PlanView } = {},
) {
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)),
    http.get(apiUrl(`/companies/listPlan/${me.companyId}`), () => HttpResponse.json({ plan })),
  );
  const { socket, deliver } = fakeSocket();
  renderWithProviders(
    <SocketProvider socket={socket}>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/chats/:uuid?" element={<ChatsPage />} />
          <Route path="/" element={<h1>Início</h1>} />
        </Route>
      </Routes>
      <Toaster />
    </SocketProvider>,
    { route, session: true },
  );
  return { deliver };
}

const chatList = () => screen.findByRole('list', { name: 'Conversas' });
const messageList = () => screen.getByRole('list', { name: 'Mensagens' });
const composer = () => screen.getByRole('textbox', { name: 'Digite uma mensagem' });
const location = () => screen.getByRole('status', { name: 'location' });

describe('ChatsPage', () => {
  it('sends the user home when the plan has no internal chat', async () => {
    const calls = chatsApi([], {});
    renderPage('/chats', {
      plan: planFixture({ useInternalChat: false } as Partial<PlanView>),
    });
    expect(
      await screen.findByText(
        'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeTruthy();
    expect(calls.reads).toEqual([]);
  });

  it("lists the chats with the caller's unread count; only the owner may edit or delete", async () => {
    chatsApi([chat(1, 'Equipe', ME, 2, 'Bom dia'), chat(2, 'Vendas', bruno.id, 0, null)], {});
    renderPage();
    const list = await chatList();
    const equipe = await within(list).findByRole('listitem', { name: 'Equipe' });
    expect(within(equipe).getByText('Bom dia')).toBeTruthy();
    expect(within(equipe).getByLabelText('2 mensagens não lidas').textContent).toBe('2');
    expect(within(equipe).getByRole('button', { name: 'Editar Equipe' })).toBeTruthy();
    expect(within(equipe).getByRole('button', { name: 'Excluir Equipe' })).toBeTruthy();

    const vendas = within(list).getByRole('listitem', { name: 'Vendas' });
    expect(within(vendas).getByText('Nenhuma mensagem ainda')).toBeTruthy();
    expect(within(vendas).queryByLabelText(/não lidas?$/)).toBeNull();
    expect(within(vendas).queryByRole('button', { name: 'Editar Vendas' })).toBeNull();
    expect(within(vendas).queryByRole('button', { name: 'Excluir Vendas' })).toBeNull();
    expect(screen.getByText('Selecione uma conversa para ver as mensagens.')).toBeTruthy();
  });

  it('selecting a chat opens its messages, marks it read and changes the URL', async () => {
    const user = userEvent.setup();
    const calls = chatsApi([chat(1, 'Equipe', ME, 2, 'Bom dia'), chat(2, 'Vendas', 8, 0)], {
      1: [message(1, 1, bruno, 'Bom dia'), message(2, 1, ana, 'Olá, Bruno')],
      2: [message(3, 2, bruno, 'Meta batida')],
    });
    renderPage();
    const list = await chatList();
    const equipe = await within(list).findByRole('listitem', { name: 'Equipe' });
    expect(screen.getByRole('tab', { name: 'Chats' }).getAttribute('aria-selected')).toBe('true');
    await user.click(within(equipe).getByText('Bom dia'));

    await waitFor(() => expect(location().textContent).toBe('/chats/uuid-1'));
    // Below md, selecting a chat switches to the Mensagens tab.
    expect(screen.getByRole('tab', { name: 'Mensagens' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const pane = screen.getByRole('region', { name: 'Equipe' });
    expect(within(pane).getByText('Participantes: Você, Bruno Souza')).toBeTruthy();
    const items = await within(messageList()).findAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-own'))).toEqual([null, 'true']);
    expect(within(items[0]!).getByText('Bruno Souza')).toBeTruthy();
    expect(within(items[0]!).getByText('Bom dia')).toBeTruthy();
    expect(within(items[1]!).queryByText('Ana Admin')).toBeNull();
    expect(calls.reads).toEqual([1]);
    await waitFor(() =>
      expect(within(equipe).queryByLabelText('2 mensagens não lidas')).toBeNull(),
    );

    // Another chat: its own messages only, read too.
    await user.click(within(list).getByRole('button', { name: /^Vendas/ }));
    await waitFor(() => expect(location().textContent).toBe('/chats/uuid-2'));
    expect(await within(messageList()).findByText('Meta batida')).toBeTruthy();
    expect(within(messageList()).queryByText('Olá, Bruno')).toBeNull();
    expect(calls.reads).toEqual([1, 2]);

    // Back to the first: its list is read again from the newest page.
    await user.click(within(equipe).getByText('Bom dia'));
    expect(await within(messageList()).findByText('Olá, Bruno')).toBeTruthy();
    expect(calls.messagePages).toEqual(['1|1', '2|1', '1|1']);
    expect(calls.reads).toEqual([1, 2, 1]);
  });

  it('opens the chat the URL names and reads it', async () => {
    const calls = chatsApi([chat(1, 'Equipe', ME, 1)], { 1: [message(1, 1, bruno, 'Oi')] });
    renderPage('/chats/uuid-1');
    expect(
      await within(await screen.findByRole('region', { name: 'Equipe' })).findByText('Oi'),
    ).toBeTruthy();
    await waitFor(() => expect(calls.reads).toEqual([1]));
  });

  it('Enter sends the message, Shift+Enter breaks the line, blank text is not sent', async () => {
    const user = userEvent.setup();
    const calls = chatsApi([chat(1, 'Equipe', ME, 0)], { 1: [] });
    renderPage('/chats/uuid-1');
    expect(await screen.findByText('Nenhuma mensagem nesta conversa.')).toBeTruthy();

    await user.type(composer(), '   {Enter}');
    await user.type(composer(), '{Shift>}{Enter}{/Shift}{Enter}');
    expect(calls.sent).toEqual([]);

    await user.clear(composer());
    await user.type(composer(), 'Primeira linha{Shift>}{Enter}{/Shift}segunda{Enter}');
    await waitFor(() =>
      expect(calls.sent).toEqual([{ chatId: 1, body: { message: 'Primeira linha\nsegunda' } }]),
    );
    expect((composer() as HTMLTextAreaElement).value).toBe('');
    const sent = await within(messageList()).findByRole('listitem');
    expect(sent.getAttribute('data-own')).toBe('true');
    expect(sent.textContent).toContain('Primeira linha\nsegunda');
  });

  it('loads the older page when the messages are scrolled to the top', async () => {
    const calls = chatsApi([chat(1, 'Equipe', ME, 0)], {});
    server.use(
      http.get(apiUrl('/chats/:id/messages'), ({ request }) => {
        const page = new URL(request.url).searchParams.get('pageNumber');
        calls.messagePages.push(`1|${page}`);
        return HttpResponse.json(
          page === '1'
            ? {
                records: [message(3, 1, bruno, 'Terceira'), message(4, 1, ana, 'Quarta')],
                hasMore: true,
              }
            : {
                records: [message(1, 1, bruno, 'Primeira'), message(2, 1, ana, 'Segunda')],
                hasMore: false,
              },
        );
      }),
    );
    renderPage('/chats/uuid-1');
    const messages = await screen.findByRole('list', { name: 'Mensagens' });
    expect(await within(messages).findByText('Quarta')).toBeTruthy();
    expect(calls.messagePages).toEqual(['1|1']);
    const scroller = messages.parentElement!;
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    expect(await within(messages).findByText('Primeira')).toBeTruthy();
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((i) => i.getAttribute('data-message-id')),
    ).toEqual(['1', '2', '3', '4']);
    expect(calls.messagePages).toEqual(['1|1', '1|2']);
  });

  it('appends a pushed message to the open chat and reads it', async () => {
    const calls = chatsApi([chat(1, 'Equipe', ME, 0), chat(2, 'Vendas', 8, 0)], {
      1: [message(1, 1, bruno, 'Bom dia')],
    });
    const { deliver } = renderPage('/chats/uuid-1');
    const messages = await screen.findByRole('list', { name: 'Mensagens' });
    expect(await within(messages).findByText('Bom dia')).toBeTruthy();
    await waitFor(() => expect(calls.reads).toEqual([1]));

    deliver('company-2-chat-1', {
      action: 'new-message',
      newMessage: message(5, 1, bruno, 'Reunião às 15h'),
      chat: { ...chat(1, 'Equipe', ME, 1, 'Reunião às 15h') },
    });
    expect(await within(messageList()).findByText('Reunião às 15h')).toBeTruthy();
    expect(within(messageList()).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(calls.reads).toEqual([1, 1]));

    // A message in another chat only moves it first with its count.
    deliver('company-2-chat', { action: 'new-message', chat: chat(2, 'Vendas', 8, 3, 'Oi') });
    const list = await chatList();
    const vendas = within(list).getByRole('listitem', { name: 'Vendas' });
    expect(within(vendas).getByLabelText('3 mensagens não lidas')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')[0]).toBe(vendas);
    expect(within(messageList()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('deletes an own chat after confirming and closes it; a pushed delete closes it too', async () => {
    const user = userEvent.setup();
    const calls = chatsApi([chat(1, 'Equipe', ME, 0), chat(2, 'Vendas', 8, 0)], { 1: [], 2: [] });
    const { deliver } = renderPage('/chats/uuid-1');
    const list = await chatList();
    await screen.findByRole('region', { name: 'Equipe' });
    await user.click(within(list).getByRole('button', { name: 'Excluir Equipe' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir a conversa "Equipe"?')).toBeTruthy();
    expect(calls.deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(location().textContent).toBe('/chats'));
    expect(calls.deleted).toEqual([1]);
    expect(within(list).queryByRole('listitem', { name: 'Equipe' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Equipe' })).toBeNull();

    await user.click(within(list).getByRole('button', { name: /^Vendas/ }));
    await screen.findByRole('region', { name: 'Vendas' });
    deliver('company-2-chat-user-7', { action: 'delete', id: 2 });
    await waitFor(() => expect(location().textContent).toBe('/chats'));
    expect(within(list).queryByRole('listitem', { name: 'Vendas' })).toBeNull();
    expect(screen.getByText('Nenhuma conversa encontrada.')).toBeTruthy();
  });
});
