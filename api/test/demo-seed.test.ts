import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_AGENT, startTestApi, type TestApi } from './support/api.js';
import { sql } from './support/sql.js';

// What `npm start` seeds (SEED_DEMO unset outside production): the demo a newcomer signs in to.
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({}, { seedDemo: 'full' });
});
afterAll(() => t?.close());

/** The tickets tab as the console asks for it on /tickets: the user's own queues, not show-all. */
async function tab(who: { email: string; password: string }, status: 'open' | 'pending') {
  const c = await t.login(who.email, who.password);
  const me = await c.call('me');
  const queueIds = (me.queues ?? []).map((q: { id: number }) => q.id);
  const page = await c.call('ticketsIndex', {
    query: { status, showAll: false, queueIds: JSON.stringify(queueIds) as never },
  });
  return { queueIds, names: page.tickets.map((x) => x.contact?.name) };
}

describe('the full demo tenant', () => {
  it('puts the demo admin and agent in every demo queue', async () => {
    for (const who of [DEMO_ADMIN, DEMO_AGENT]) {
      const { queueIds } = await tab(who, 'pending');
      expect(queueIds, who.email).toHaveLength(2);
    }
  });

  it('shows its conversations on the first /tickets of the admin and of the agent', async () => {
    expect((await tab(DEMO_ADMIN, 'pending')).names).toEqual(['João Pereira', 'Maria Souza']);
    expect((await tab(DEMO_ADMIN, 'open')).names).toEqual(['Ana Lima']);
    expect((await tab(DEMO_AGENT, 'pending')).names).toEqual(['João Pereira', 'Maria Souza']);
  });

  it('keeps each conversation’s messages in order, with unread counts on the waiting ones', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const page = await admin.call('ticketsIndex', {
      query: { status: 'pending', showAll: true },
    });
    const maria = page.tickets.find((x) => x.contact?.name === 'Maria Souza')!;
    expect(maria.unreadMessages).toBe(2);
    expect(maria.lastMessage).toBe('Gostaria de saber o prazo de entrega do pedido 1234.');
    const messages = await admin.call('messagesIndex', { params: { ticketId: maria.id } });
    expect(messages.messages.map((m) => m.body)).toEqual([
      'Olá, boa tarde!',
      'Gostaria de saber o prazo de entrega do pedido 1234.',
    ]);
  });

  it('seeds once: a restart over the same database adds nothing', async () => {
    const count = async () =>
      (
        await sql<{ n: number }>(
          t.databaseUrl,
          `SELECT (SELECT count(*) FROM tickets)::int + (SELECT count(*) FROM messages)::int
                + (SELECT count(*) FROM user_queues)::int AS n`,
        )
      )[0]!.n;
    const before = await count();
    const { startApi } = await import('../src/server.js');
    const again = await startApi({
      config: t.api.ctx.config,
      databaseUrl: t.databaseUrl,
      jwtSecret: 'test-secret-that-is-long-enough',
      seedDemo: 'full',
      logger: t.api.ctx.logger,
    });
    await again.close();
    expect(await count()).toBe(before);
  });
});
