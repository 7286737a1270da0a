import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createApiClient, type ApiClient } from '@atendo/api-client';
import { loadConfig } from '@atendo/core/config.js';
import { startApi, type RunningApi } from '../../src/server.js';
import type { DemoSeed } from '@atendo/core/seed.js';
import { createLogger, type Logger } from '@atendo/core/logger.js';
import { createTestDatabase } from './database.js';
import type { SessionRuntime } from '@atendo/core/sessions/session-runtime.js';
import type { ChannelRegistry } from '@atendo/core/channels/channel-adapter.js';
import type { ProcessGateway } from '@atendo/core/processes/process-gateway.js';

export interface TestApi {
  url: string;
  api: RunningApi;
  databaseUrl: string;
  /** A client with its own cookie jar (refresh cookie) and optional token. */
  client(token?: string): TestClient;
  /** Logs in and returns a client holding the token and refresh cookie. */
  login(
    email: string,
    password: string,
  ): Promise<TestClient & { user: { id: number; companyId: number } }>;
  close(): Promise<void>;
}

export interface TestClient extends ApiClient {
  token?: string;
  cookies: Map<string, string>;
  /** Raw fetch against the api with this client's token. */
  raw(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
}

export const SUPER = { email: 'admin@atendo.local', password: 'admin123' };
export const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
export const DEMO_AGENT = { email: 'agent@demo.atendo.local', password: 'demo123' };

/** Starts the real api in-process on a free port over a fresh, migrated and seeded database. */
export async function startTestApi(
  env: Record<string, string> = {},
  options: {
    sessions?: SessionRuntime;
    channels?: ChannelRegistry;
    processes?: ProcessGateway;
    /** The api's logger (default silent): tests that read log lines pass their own. */
    logger?: Logger;
    /** The demo tenant to seed (default its accounts only). */
    seedDemo?: DemoSeed;
  } = {},
): Promise<TestApi> {
  const db = await createTestDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    UPLOAD_DIR: path.join(dir, 'public'),
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    SESSION_RUNTIME: 'none',
    FRONTEND_URL: 'http://localhost:3000',
    ...env,
  });
  const api = await startApi({
    config,
    databaseUrl: db.url,
    jwtSecret: 'test-secret-that-is-long-enough',
    logger: options.logger ?? createLogger('silent'),
    seedDemo: options.seedDemo ?? 'accounts',
    sessions: options.sessions,
    channels: options.channels,
    processes: options.processes,
  });

  function client(token?: string): TestClient {
    const cookies = new Map<string, string>();
    const c: TestClient = Object.assign(
      createApiClient({
        baseUrl: api.url,
        getToken: () => c.token,
        setToken: (t) => (c.token = t),
        headers: (): Record<string, string> =>
          cookies.size ? { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
        onResponse: (res) => {
          for (const line of res.headers.getSetCookie()) {
            const [pair] = line.split(';');
            const [k, ...v] = pair!.split('=');
            const value = v.join('=');
            if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(k!.trim());
            else cookies.set(k!.trim(), value);
          }
        },
      }),
      {
        token,
        cookies,
        raw: (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
          fetch(`${api.url}${p}`, {
            method,
            headers: {
              ...(c.token ? { Authorization: `Bearer ${c.token}` } : {}),
              ...(body !== undefined && typeof body !== 'string'
                ? { 'Content-Type': 'application/json' }
                : {}),
              ...headers,
            },
            body:
              body === undefined
                ? undefined
                : typeof body === 'string'
                  ? body
                  : JSON.stringify(body),
          }),
      },
    );
    return c;
  }

  return {
    url: api.url,
    api,
    databaseUrl: db.url,
    client,
    async login(email, password) {
      const c = client();
      const res = await c.call('login', { body: { email, password } });
      c.token = res.token;
      return Object.assign(c, { user: { id: res.user.id, companyId: res.user.companyId } });
    },
    async close() {
      await api.close();
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` and returns the ApiError it throws (fails the test if it does not throw). */
export async function apiError(
  fn: () => Promise<unknown>,
): Promise<{ status: number; code: string; body: unknown }> {
  try {
    await fn();
  } catch (err) {
    const e = err as { status?: number; code?: string; body?: unknown };
    if (typeof e.status === 'number')
      return { status: e.status, code: String(e.code), body: e.body };
    throw err;
  }
  throw new Error('expected the call to fail');
}
