/** @vitest-environment jsdom */
import type { PlanView, UserView, WhatsappView } from '@atendo/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { PrivateRoute } from '@/features/auth/route-guards';
import type { ChatRow } from '@/features/chats/queries';
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
import { AppShell } from './app-shell';
import { needsAttention } from './shell-indicators';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/version'), () => HttpResponse.json({ version: '1.2.3' })),
);

const ME = 7;
const ana = { id: ME, name: 'Ana Admin' };
const bruno = { id: 8, name: 'Bruno Souza' };

const chat = (id: number, title: string, myUnreads: number, lastMessage: string | null = null) =>
  ({
    id,
    uuid: `uuid-${id}`,
    title,
    ownerId: ME,
    lastMessage,
    createdAt: '2025-01-01T09:00:00.000Z',
    updatedAt: '2025-01-01T09:00:00.000Z',
    users: [
      { userId: ME, unreads: myUnreads, user: ana },
      { userId: bruno.id, unreads: 0, user: bruno },
    ],
  }) satisfies ChatRow;

const connection = (id: number, status: string) =>
  ({
    id,
    companyId: 2,
    name: `Conexão ${id}`,
    channel: 'whatsapp',
    status,
    isDefault: id === 1,
  }) as WhatsappView;

/** A stand-in for the company socket: the shell subscribes, the test delivers pushes. */
function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    connected: true,
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    emit: () => socket,
    io: { on: () => undefined, off: () => undefined },
  };
  const deliver = (event: string, payload: unknown) =>
    act(() => handlers.get(event)?.forEach((h) => h(payload)));
  return { socket: socket as unknown as Socket, deliver };
}

/** The shell for `me` of a company on `plan`, its chats and connections answered by the api. */
function renderShell({
  chats = [],
  connections = [],
  me = userFixture({ id: ME }),
  plan = planFixture(),
  route = '/tickets',
}: {
  chats?: ChatRow[];
  connections?: WhatsappView[];
  me?: UserView;
  plan?: PlanView;
  route?: string;
} = {}) {
  const reads = { chats: 0, connections: 0 };
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)),
    http.get(apiUrl(`/companies/listPlan/${me.companyId}`), () => HttpResponse.json({ plan })),
    http.get(apiUrl('/chats'), () => {
      reads.chats += 1;
      return HttpResponse.json({ records: chats, count: chats.length, hasMore: false });
    }),
    http.get(apiUrl('/whatsapp'), () => {
      reads.connections += 1;
      return HttpResponse.json(connections);
    }),
  );
  const { socket, deliver } = fakeSocket();
  renderWithProviders(
    <SocketProvider socket={socket}>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route element={<AppShell />}>
            <Route path="*" element={<h1>Página atual</h1>} />
          </Route>
        </Route>
      </Routes>
    </SocketProvider>,
    { route, session: true },
  );
  return { deliver, reads };
}

/** The drawer once its entries (which wait for the plan) are in. */
async function drawer() {
  const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
  await waitFor(() => expect(nav.getAttribute('aria-busy')).toBe('false'));
  return nav;
}

const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
const WARNED = 'Conexões (há conexões que precisam de atenção)';

describe('the shell’s internal chats', () => {
  it('lists the caller’s chats with their unread counts, live, each opening its chat', async () => {
    const user = userEvent.setup();
    const { deliver } = renderShell({
      chats: [chat(1, 'Equipe', 2, 'Bom dia'), chat(2, 'Vendas', 0)],
    });
    const trigger = await screen.findByRole('button', {
      name: 'Chats internos (2 mensagens não lidas)',
    });
    await user.click(trigger);
    const list = await screen.findByRole('list', { name: 'Chats internos' });
    const links = () => within(list).getAllByRole('link');
    expect(links().map((l) => l.getAttribute('aria-label'))).toEqual([
      'Abrir Equipe (2 mensagens não lidas)',
      'Abrir Vendas',
    ]);
    expect(within(list).getByText('Bom dia')).toBeTruthy();
    expect(within(list).queryByText('Nenhuma conversa.')).toBeNull();

    // A message in Vendas: it moves first with its count, and the total follows.
    deliver('company-2-chat', { action: 'new-message', chat: chat(2, 'Vendas', 1, 'Meta batida') });
    await waitFor(() =>
      expect(links().map((l) => l.getAttribute('aria-label'))).toEqual([
        'Abrir Vendas (1 mensagem não lida)',
        'Abrir Equipe (2 mensagens não lidas)',
      ]),
    );
    expect(within(list).getByText('Meta batida')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Chats internos (3 mensagens não lidas)' }),
    ).toBeTruthy();

    await user.click(
      within(list).getByRole('link', { name: 'Abrir Vendas (1 mensagem não lida)' }),
    );
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/chats/uuid-2');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Chats internos' })).toBeNull());
  });

  it('marks the drawer’s internal chat entry while a chat is unread', async () => {
    const { deliver } = renderShell({ chats: [chat(1, 'Equipe', 1, 'Bom dia')] });
    const nav = await drawer();
    expect(
      await within(nav).findByRole('link', { name: 'Chat Interno (há mensagens não lidas)' }),
    ).toBeTruthy();
    expect(within(nav).getByTestId('drawer-unread')).toBeTruthy();

    deliver(`company-2-chat-user-${ME}`, { action: 'update', chat: chat(1, 'Equipe', 0) });
    expect(await within(nav).findByRole('link', { name: 'Chat Interno' })).toBeTruthy();
    expect(within(nav).queryByTestId('drawer-unread')).toBeNull();
  });

  it('reads no chat when the plan has no internal chat', async () => {
    const { reads } = renderShell({
      chats: [chat(1, 'Equipe', 1)],
      plan: planFixture({ useInternalChat: false } as Partial<PlanView>),
    });
    await drawer();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chats internos' }));
    expect(await screen.findByText('Nenhuma conversa.')).toBeTruthy();
    expect(reads.chats).toBe(0);
  });
});

describe('the drawer’s connection warning', () => {
  it('shows 2000 ms after a connection needs attention, and leaves when it is connected', async () => {
    const { deliver } = renderShell({
      connections: [connection(1, 'CONNECTED'), connection(2, 'qrcode')],
    });
    const nav = await drawer();
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Conexões' })).toBeTruthy());
    await sleep(1000);
    // Not before the check's delay.
    expect(within(nav).queryByRole('link', { name: WARNED })).toBeNull();
    expect(await within(nav).findByRole('link', { name: WARNED })).toBeTruthy();
    expect(within(nav).getByTestId('drawer-warning')).toBeTruthy();

    deliver('company-2-whatsappSession', {
      action: 'update',
      session: connection(2, 'CONNECTED'),
    });
    expect(await within(nav).findByRole('link', { name: 'Conexões' })).toBeTruthy();
    expect(within(nav).queryByTestId('drawer-warning')).toBeNull();
  });

  it('warns of qrcode, PAIRING, DISCONNECTED, TIMEOUT and OPENING only', () => {
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'])
      expect(needsAttention([connection(1, 'CONNECTED'), connection(2, status)]), status).toBe(
        true,
      );
    expect(needsAttention([connection(1, 'CONNECTED')])).toBe(false);
    expect(needsAttention([])).toBe(false);
  });

  it('does not flash during a quick reconnect', async () => {
    const { deliver, reads } = renderShell({ connections: [connection(1, 'CONNECTED')] });
    const nav = await drawer();
    await waitFor(() => expect(reads.connections).toBe(1));
    deliver('company-2-whatsappSession', { action: 'update', session: connection(1, 'OPENING') });
    await sleep(1200);
    expect(within(nav).queryByTestId('drawer-warning')).toBeNull();
    deliver('company-2-whatsappSession', {
      action: 'update',
      session: connection(1, 'CONNECTED'),
    });
    await sleep(1500);
    expect(within(nav).getByRole('link', { name: 'Conexões' })).toBeTruthy();
    expect(within(nav).queryByTestId('drawer-warning')).toBeNull();
  });

  it('reads no connection for an agent without the connections entry', async () => {
    const { reads } = renderShell({
      me: userFixture({ id: ME, profile: 'user' }),
      connections: [connection(1, 'qrcode')],
    });
    const nav = await drawer();
    expect(within(nav).queryByRole('link', { name: /^Conexões/ })).toBeNull();
    expect(reads.connections).toBe(0);
  });
});
