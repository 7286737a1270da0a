/** @vitest-environment jsdom */
import type { TicketView } from '@atendo/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PrivateRoute } from '@/features/auth/route-guards';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { NotificationsPopover } from './notifications-popover';

const ME = 8;

const ticket = (overrides: Partial<TicketView> = {}): TicketView =>
  ({
    id: 1,
    uuid: '11111111-1111-4111-8111-111111111111',
    status: 'open',
    channel: 'whatsapp',
    companyId: 2,
    contactId: 1,
    contact: { id: 1, name: 'Maria', number: '5511999990000' },
    userId: ME,
    user: null,
    queueId: 1,
    queue: { id: 1, name: 'Vendas', color: '#00aa00' },
    whatsappId: 1,
    whatsapp: null,
    tags: [],
    lastMessage: 'Oi, tudo bem?',
    unreadMessages: 2,
    isGroup: false,
    isBot: false,
    isTransfered: false,
    useIntegration: false,
    lgpdAccepted: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  }) as TicketView;

const mine = ticket();
const unowned = ticket({
  id: 2,
  uuid: '22222222-2222-4222-8222-222222222222',
  userId: null,
  contact: { id: 2, name: 'João', number: '5511988880000' } as TicketView['contact'],
  lastMessage: 'Preciso de ajuda',
  unreadMessages: 1,
  updatedAt: '2026-11-20T11:00:00.000Z',
});
const others = ticket({ id: 3, uuid: '33333333-3333-4333-8333-333333333333', userId: 99 });
const otherQueue = ticket({
  id: 4,
  uuid: '44444444-4444-4444-8444-444444444444',
  queueId: 5,
  queue: { id: 5, name: 'Financeiro', color: '#aa0000' },
});
const pending = ticket({
  id: 5,
  uuid: '55555555-5555-4555-8555-555555555555',
  status: 'pending',
  userId: null,
  contact: { id: 5, name: 'Paula', number: '5511977770000' } as TicketView['contact'],
});

const server = startTestApi(userCreation('enabled'));

/** An agent of queue 1; GET /tickets answers each tab's unread tickets. */
function signedIn(showPending: boolean) {
  const asked: string[] = [];
  localStorage.setItem('token', 'access-token');
  const byTab: Record<string, TicketView[]> = {
    open: [mine, unowned, others, otherQueue],
    pending: [pending],
    group: [],
  };
  server.use(
    http.get(apiUrl('/auth/me'), () =>
      HttpResponse.json(
        userFixture({
          id: ME,
          profile: 'user',
          allowGroup: false,
          queues: [{ id: 1, name: 'Vendas', color: '#00aa00' }],
        }),
      ),
    ),
    http.get(apiUrl('/setting/showNotificationPending'), () =>
      HttpResponse.json({ key: 'showNotificationPending', value: String(showPending) }),
    ),
    http.get(apiUrl('/tickets'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(`${query.get('status')}:${query.get('withUnreadMessages')}`);
      const tickets = byTab[query.get('status') ?? ''] ?? [];
      return HttpResponse.json({ tickets, count: tickets.length, hasMore: false });
    }),
  );
  return asked;
}

/** The popover once the session is read, as the shell renders it. */
function Signed() {
  return (
    <Routes>
      <Route element={<PrivateRoute />}>
        <Route path="*" element={<NotificationsPopover />} />
      </Route>
    </Routes>
  );
}

describe('NotificationsPopover', () => {
  it('lists the unread tickets the user is notified of, newest first, each opening its ticket', async () => {
    const user = userEvent.setup();
    const asked = signedIn(false);
    renderWithProviders(<Signed />, { route: '/contacts', session: true });
    const button = await screen.findByRole('button', {
      name: 'Notificações (2 tickets com mensagens não lidas)',
    });
    expect(screen.getByTestId('Notificações-count').textContent).toBe('2');
    // Open and pending are asked for; groups only with allowGroup.
    expect([...asked].sort()).toEqual(['open:true', 'pending:true']);

    await user.click(button);
    const list = await screen.findByRole('list', { name: 'Notificações' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Abrir o ticket de João',
      'Abrir o ticket de Maria',
    ]);
    expect(within(links[1]!).getByText('Oi, tudo bem?')).toBeTruthy();
    expect(within(links[1]!).getByText('2')).toBeTruthy();

    await user.click(links[1]!);
    expect(screen.getByLabelText('location').getAttribute('data-pathname')).toBe(
      `/tickets/${mine.uuid}`,
    );
  });

  it('adds pending tickets with showNotificationPending', async () => {
    signedIn(true);
    renderWithProviders(<Signed />, { session: true });
    expect(
      await screen.findByRole('button', {
        name: 'Notificações (3 tickets com mensagens não lidas)',
      }),
    ).toBeTruthy();
  });
});
