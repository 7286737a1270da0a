/** @vitest-environment jsdom */
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { testQueryClient } from '@/test/render';
import { runRouteMutation } from './run-route-mutation';

const server = startTestApi();

/** A contacts page on screen: its list (read from `rows`) and a tickets list, both watched. */
function contactsOnScreen(rows: { id: number; tags: string[] }[]) {
  const client = testQueryClient();
  const reads = { contacts: 0, tickets: 0 };
  const contacts = new QueryObserver(client, {
    queryKey: ['contacts', 'list', 'page-1'],
    queryFn: async () => {
      reads.contacts++;
      return rows.map((r) => ({ ...r, tags: [...r.tags] }));
    },
  });
  const tickets = new QueryObserver(client, {
    queryKey: ['tickets', 'list'],
    queryFn: async () => {
      reads.tickets++;
      return [];
    },
  });
  const stop = [contacts.subscribe(() => {}), tickets.subscribe(() => {})];
  return { client, reads, contacts, stop: () => stop.forEach((s) => s()) };
}

describe('runRouteMutation', () => {
  it("saves through the route and reads again what the route's entry names, not the rest", async () => {
    const rows = [{ id: 5, tags: [] as string[] }];
    server.use(
      http.post(apiUrl('/tags/sync'), async ({ request }) => {
        const body = (await request.json()) as { contactId: number; tags: { id: number }[] };
        rows[0]!.tags = body.tags.map((t) => `tag-${t.id}`);
        return HttpResponse.json({ tags: [{ id: 3, name: 'tag-3', color: '#000000' }] });
      }),
    );
    const page = contactsOnScreen(rows);
    await expect.poll(() => page.contacts.getCurrentResult().data).toEqual([{ id: 5, tags: [] }]);

    const synced = await runRouteMutation(page.client, 'tagsSync', {
      body: { contactId: 5, tags: [{ id: 3 }] },
    });
    expect(synced.tags.map((t) => t.id)).toEqual([3]);
    // tagsSync names the contacts lists: the page shows the server's new tags.
    await expect
      .poll(() => page.contacts.getCurrentResult().data)
      .toEqual([{ id: 5, tags: ['tag-3'] }]);
    expect(page.reads).toEqual({ contacts: 2, tickets: 1 });
    page.stop();
  });

  it('reads nothing again when the api refuses, and hands the error to the caller', async () => {
    server.use(
      http.post(apiUrl('/tags/sync'), () =>
        HttpResponse.json({ error: 'ERR_NO_TAG_FOUND' }, { status: 404 }),
      ),
    );
    const page = contactsOnScreen([{ id: 5, tags: [] }]);
    await expect.poll(() => page.reads.contacts).toBe(1);
    await expect(
      runRouteMutation(page.client, 'tagsSync', { body: { contactId: 5, tags: [{ id: 9 }] } }),
    ).rejects.toMatchObject({ code: 'ERR_NO_TAG_FOUND' });
    expect(page.client.getQueryState(['contacts', 'list', 'page-1'])?.isInvalidated).toBe(false);
    expect(page.reads.contacts).toBe(1);
    page.stop();
  });
});
