import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_AGENT, startTestApi, type TestApi } from './support/api.js';

/**
 * `GET /auth/me` answers from one lean query (the console's hot path); it must show exactly
 * what the rest of the api shows for the same user (`GET /users/:id`).
 */
describe('GET /auth/me', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the same view of the user as the users route, queues and company included', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
    const queues = (await admin.raw('GET', '/queue').then((r) => (r.ok ? r.json() : []))) as {
      id: number;
    }[];
    const show = await admin.call('usersShow', { params: { id: agent.user.id } });
    await admin.call('usersUpdate', {
      params: { id: agent.user.id },
      body: {
        name: show.name,
        email: show.email,
        profile: 'user',
        queueIds: queues.length ? queues.map((q) => q.id) : (show.queues ?? []).map((q) => q.id),
      },
    });
    const me = await agent.call('me', {});
    const viaUsers = await admin.call('usersShow', { params: { id: agent.user.id } });
    expect(me).toEqual(viaUsers);
    expect(me.company?.companieSettings?.length).toBeGreaterThan(0);
    expect(me.queues?.length).toBeGreaterThan(0);
    expect(me).not.toHaveProperty('passwordHash');
  });
});
