/** @vitest-environment jsdom */
import type { TagView, TicketView } from '@atendo/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTagsInfinite } from '@/features/tags/queries';
import { TagsPage } from '@/features/tags/tags-page';
import { TicketsManager } from '@/features/tickets/list/tickets-manager';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth/auth-provider';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { fakeCompanySocket } from '@/test/socket';
import { SocketProvider } from './realtime-provider';
import { eventBinding, type SocketCacheBinding } from './socket-cache';
import { useSocketCache } from './use-socket-cache';

/** The tags the in-test api holds ("the server side"), and how often the list was read. */
let tags: { id: number; name: string; color: string | null; kanban: number }[] = [];
let reads = 0;

/** The open tickets the in-test api holds. */
let openTickets: TicketView[] = [];

startTestApi(
  userCreation('disabled'),
  http.get(apiUrl('/queue'), () => HttpResponse.json([])),
  http.get(apiUrl('/setting/showNotificationPending'), () =>
    HttpResponse.json({ key: 'showNotificationPending', value: 'false' }),
  ),
  http.get(apiUrl('/tickets'), ({ request }) => {
    const status = new URL(request.url).searchParams.get('status');
    const rows = status === 'open' ? openTickets : [];
    return HttpResponse.json({ tickets: rows, count: rows.length, hasMore: false });
  }),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(userFixture())),
  http.get(apiUrl('/tags'), () => {
    reads += 1;
    const rows = tags.map((tag) => ({ ...tag, contactsCount: 0, ticketsCount: 0 }));
    return HttpResponse.json({ tags: rows, count: rows.length, hasMore: false });
  }),
  http.delete(apiUrl('/tags/:id'), ({ params }) => {
    tags = tags.filter((tag) => tag.id !== Number(params.id));
    return HttpResponse.json({ message: 'Tag deleted' });
  }),
);

beforeEach(() => {
  tags = [
    { id: 1, name: 'VIP', color: null, kanban: 0 },
    { id: 2, name: 'Lead frio', color: null, kanban: 0 },
  ];
  reads = 0;
  openTickets = [ticket(1, 'Carla Dias')];
  localStorage.setItem('token', 'access-token');
});

// jsdom lays nothing out: the virtualised tickets list needs a viewport height to render rows.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 800,
  });
});

const ticket = (id: number, name: string) =>
  ({
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status: 'open',
    channel: 'whatsapp',
    companyId: 2,
    contactId: id,
    contact: { id, name, number: '5511999990000', lgpdAcceptedAt: null },
    userId: 7,
    user: { id: 7, name: 'Ana Admin', color: '#123456' },
    queueId: null,
    queue: null,
    whatsappId: 3,
    whatsapp: { id: 3, name: 'Comercial' },
    tags: [],
    lastMessage: 'Olá',
    unreadMessages: 0,
    isGroup: false,
    isBot: false,
    isTransfered: false,
    useIntegration: false,
    lgpdAccepted: true,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  }) as TicketView;

const tag = (id: number, name: string) =>
  ({ id, name, color: null, kanban: 0, createdAt: null, updatedAt: null }) as TagView;

/** The company's tag event (userFixture's company is 2). */
const TAG_EVENT = 'company-2-tag';

/** A paged list patched in place: updates merge, deletes drop, creates go on top. */
const upsertBinding = eventBinding({
  entity: 'tag',
  recordField: 'tag',
  idField: 'tagId',
  pages: [{ queryKey: ['probe', 'page'], field: 'tags', onCreate: 'start' }],
});

/** The same list where a create is the server's to place: it is read again. */
const refetchBinding = eventBinding({
  entity: 'tag',
  recordField: 'tag',
  idField: 'tagId',
  pages: [{ queryKey: ['probe', 'page'], field: 'tags' }],
});

// The binding's types come from the contract: a field the payload lacks is refused.
// @ts-expect-error the tag event carries `tagId`, not `id`
eventBinding({ entity: 'tag', recordField: 'tag', idField: 'id' });

/** An infinite list of the tags, kept live by `bindings`. */
function ProbeList({ bindings }: { bindings: readonly SocketCacheBinding<never>[] }) {
  useSocketCache(bindings);
  const list = useInfiniteQuery({
    queryKey: ['probe', 'page', ''],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.call('tagsIndex', { query: { searchParam: '', pageNumber: pageParam } }),
    getNextPageParam: () => undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.tags) ?? [];
  return (
    <ul aria-label="tags">
      {rows.map((row) => (
        <li key={row.id}>{row.name}</li>
      ))}
    </ul>
  );
}

function Signed({ children }: { children: ReactNode }) {
  return useAuth().status === 'authenticated' ? <>{children}</> : null;
}

function renderLive(ui: ReactNode) {
  const live = fakeCompanySocket();
  renderWithProviders(
    <SocketProvider socket={live.socket}>
      <Signed>{ui}</Signed>
    </SocketProvider>,
    { session: true },
  );
  return live;
}

const names = async () => {
  const list = await screen.findByRole('list', { name: 'tags' });
  return within(list)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
};

describe('an event bound to a paged list', () => {
  it('upserts: an update renames the row in place, a create goes on top, without a refetch', async () => {
    const live = renderLive(<ProbeList bindings={[upsertBinding]} />);
    await waitFor(async () => expect(await names()).toEqual(['VIP', 'Lead frio']));
    live.deliver(TAG_EVENT, { action: 'update', tag: tag(2, 'Lead quente') });
    live.deliver(TAG_EVENT, { action: 'create', tag: tag(3, 'Novo') });
    expect(await names()).toEqual(['Novo', 'VIP', 'Lead quente']);
    expect(reads).toBe(1);
  });

  it('deletes: the row leaves the list at once', async () => {
    const live = renderLive(<ProbeList bindings={[upsertBinding]} />);
    await waitFor(async () => expect(await names()).toEqual(['VIP', 'Lead frio']));
    live.deliver(TAG_EVENT, { action: 'delete', tagId: 1 });
    expect(await names()).toEqual(['Lead frio']);
    expect(reads).toBe(1);
  });

  it("invalidates: a create the server must place is read again, in the server's order", async () => {
    const live = renderLive(<ProbeList bindings={[refetchBinding]} />);
    await waitFor(async () => expect(await names()).toEqual(['VIP', 'Lead frio']));
    tags = [{ id: 3, name: 'Atacado', color: null, kanban: 0 }, ...tags];
    live.deliver(TAG_EVENT, { action: 'create', tag: tag(3, 'Atacado') });
    await waitFor(async () => expect(await names()).toEqual(['Atacado', 'VIP', 'Lead frio']));
    expect(reads).toBe(2);
  });
});

describe('after a reconnect', () => {
  it('the tags page shows what changed on the server while the socket was away', async () => {
    const live = renderLive(<TagsPage />);
    const table = await screen.findByRole('table', { name: 'Tags' });
    await within(table).findByText('VIP');

    live.drop();
    // Changed on the server while disconnected: the pushes for these never arrive.
    tags = [{ id: 1, name: 'VIP ouro', color: null, kanban: 0 }];
    live.reconnect();

    expect(await within(table).findByText('VIP ouro')).toBeTruthy();
    expect(within(table).queryByText('Lead frio')).toBeNull();
  });

  it('the tickets list shows a ticket opened while the socket was away', async () => {
    const live = renderLive(<TicketsManager selectedUuid={null} />);
    expect(await screen.findByText('Carla Dias')).toBeTruthy();

    live.drop();
    openTickets = [ticket(2, 'Pedro Alves'), ...openTickets];
    live.reconnect();

    expect(await screen.findByText('Pedro Alves')).toBeTruthy();
    expect(screen.getByText('Carla Dias')).toBeTruthy();
  });
});

/** Deletes a tag through the route's declared mutation, beside the list it should refresh. */
function DeleteProbe() {
  const remove = useRouteMutation('tagsDelete');
  const list = useTagsInfinite('');
  return (
    <>
      <ul aria-label="tags">
        {list.data?.pages
          .flatMap((p) => p.tags)
          .map((row) => (
            <li key={row.id}>{row.name}</li>
          ))}
      </ul>
      <button type="button" onClick={() => remove.mutate({ params: { id: 1 } })}>
        delete VIP
      </button>
    </>
  );
}

describe('useRouteMutation', () => {
  it('refetches the queries its route declares after the write (the deleted tag leaves)', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Signed>
        <DeleteProbe />
      </Signed>,
      { session: true },
    );
    await waitFor(async () => expect(await names()).toEqual(['VIP', 'Lead frio']));
    // No socket here: only the route's declared invalidation can bring the list up to date.
    await user.click(screen.getByRole('button', { name: 'delete VIP' }));
    await waitFor(async () => expect(await names()).toEqual(['Lead frio']));
    expect(reads).toBe(2);
  });
});
