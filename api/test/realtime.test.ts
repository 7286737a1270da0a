import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { createApiClient } from '@atendo/api-client';
import { startPlatform, type Platform } from '@atendo/testing/platform';

let platform: Platform;
let second: { apiUrl: string; stop(): Promise<void> };

beforeAll(async () => {
  platform = await startPlatform();
  second = await platform.startAnotherApi();
}, 120_000);
afterAll(async () => {
  await second?.stop();
  await platform?.stop();
});

async function login(baseUrl: string, email: string, password: string) {
  const client = createApiClient({ baseUrl });
  const res = await client.call('login', { body: { email, password } });
  const authed = createApiClient({ baseUrl, getToken: () => res.token });
  return { token: res.token, user: res.user, client: authed };
}

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

/** Connects to a company namespace; resolves once connected, rejects with the refusal. */
function connect(baseUrl: string, companyId: number, token: string, userId?: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(`${baseUrl}/${companyId}`, {
      auth: { token },
      query: userId ? { userId: String(userId) } : {},
      transports: ['websocket'],
      reconnection: false,
      // One connection per user, as separate browsers have (namespaces of one client would
      // otherwise share a connection and its handshake query).
      forceNew: true,
    });
    sockets.push(s);
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => reject(err));
  });
}

/** Collects every event of a given name on a socket. */
function record(socket: Socket, event: string): unknown[] {
  const seen: unknown[] = [];
  socket.on(event, (payload: unknown) => seen.push(payload));
  return seen;
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}

describe('realtime across api processes', () => {
  it('delivers an event emitted by process 1 to a client of process 2, and not to another company', async () => {
    const demoAdmin = await login(platform.apiUrl, 'admin@demo.atendo.local', 'demo123');
    const superAdmin = await login(platform.apiUrl, 'admin@atendo.local', 'admin123');
    const demoId = demoAdmin.user.companyId;

    const demoSocket = await connect(second.apiUrl, demoId, demoAdmin.token, demoAdmin.user.id);
    const platformSocket = await connect(second.apiUrl, 1, superAdmin.token, superAdmin.user.id);
    const demoEvents = record(demoSocket, `company-${demoId}-user`);
    const leakedToOther = record(platformSocket, `company-${demoId}-user`);
    const otherCompanyEvents = record(platformSocket, `company-1-user`);

    // Created through process 1's HTTP api.
    await demoAdmin.client.call('usersCreate', {
      body: { name: 'Nova Atendente', email: 'nova@demo.atendo.local', password: 'secret1', profile: 'user' },
    });
    await until(() => demoEvents.some((e) => (e as { action: string }).action === 'create'));
    const created = demoEvents.find((e) => (e as { action: string }).action === 'create') as {
      user: { email: string; passwordHash?: string };
    };
    expect(created.user.email).toBe('nova@demo.atendo.local');
    expect(created.user).not.toHaveProperty('passwordHash');
    await new Promise((r) => setTimeout(r, 500));
    expect(leakedToOther).toHaveLength(0);
    expect(otherCompanyEvents.filter((e) => (e as { user?: { email?: string } }).user?.email === 'nova@demo.atendo.local')).toHaveLength(0);
  });

  it('refuses a handshake with a bad token or for another company', async () => {
    const agent = await login(platform.apiUrl, 'agent@demo.atendo.local', 'demo123');
    await expect(connect(second.apiUrl, agent.user.companyId, 'not-a-token')).rejects.toThrow('ERR_SESSION_EXPIRED');
    await expect(connect(second.apiUrl, 1, agent.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
    // The user id sent beside the token must be the token's own.
    await expect(connect(second.apiUrl, agent.user.companyId, agent.token, agent.user.id + 1)).rejects.toThrow('ERR_SESSION_EXPIRED');
    const ok = await connect(second.apiUrl, agent.user.companyId, agent.token);
    expect(ok.connected).toBe(true);
    ok.disconnect();
  });

  it('tells the older session of another login, across processes', async () => {
    const first = await login(platform.apiUrl, 'agent@demo.atendo.local', 'demo123');
    const socket = await connect(second.apiUrl, first.user.companyId, first.token, first.user.id);
    const authEvents = record(socket, `company-${first.user.companyId}-auth`);
    await login(platform.apiUrl, 'agent@demo.atendo.local', 'demo123');
    await until(() => authEvents.length > 0);
    expect(authEvents[0]).toEqual({ action: 'update', user: { id: first.user.id } });
    socket.disconnect();
  });

  it('keeps users.online from the heartbeat and clears it when the last socket leaves', async () => {
    const agent = await login(platform.apiUrl, 'agent@demo.atendo.local', 'demo123');
    const admin = await login(second.apiUrl, 'admin@demo.atendo.local', 'demo123');
    const onlineOf = async () => (await admin.client.call('usersShow', { params: { id: agent.user.id } })).online;
    const socket = await connect(platform.apiUrl, agent.user.companyId, agent.token, agent.user.id);
    socket.emit('userStatus');
    await until(async () => (await onlineOf()) === true);
    socket.disconnect();
    await until(async () => (await onlineOf()) === false);
  });
});
