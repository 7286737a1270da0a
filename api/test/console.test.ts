import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveConsole } from '../src/http/console.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from './support/api.js';
import { rawRequest } from './support/raw-http.js';

// A tiny stand-in for `vite build` output: what matters is which file answers, not its content.
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/index-3f9a1c.js"></script></body></html>';
const BUNDLE = 'console.log("console bundle");';

/** What a browser sends when the user opens or reloads a page. */
const NAVIGATE = {
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Dest': 'document',
};

let home: string;
let dist: string;
let t: TestApi;
let token: string;

beforeAll(async () => {
  // Where `npm start` keeps its build by default: under a dot folder (./.atendo/console).
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-console-'));
  dist = path.join(home, '.atendo', 'console');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), BUNDLE);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Dotfiles inside the build are never served.
  fs.writeFileSync(path.join(dist, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(dist, 'assets', '.hidden.js'), 'SECRET=2');
  t = await startTestApi({ CONSOLE_DIR: dist });
  token = (await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).token!;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(home, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${t.url}${p}`, headers, method);

describe('one origin: the api serves the built console', () => {
  it('answers a page load of a client route that is also an api path with index.html', async () => {
    for (const p of ['/', '/users', '/tickets', '/settings', '/users/7', '/login?next=%2Fusers']) {
      const res = await get(p, NAVIGATE);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(res.headers.get('vary'), p).toMatch(/Sec-Fetch-Mode/);
      expect(await res.text(), p).toBe(INDEX);
    }
  });

  it('tells a page load by Accept where the browser sends no Sec-Fetch-Mode', async () => {
    const res = await get('/users', { Accept: NAVIGATE.Accept });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe(INDEX);
    const head = await get('/settings', NAVIGATE, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('answers the console’s api calls on the same paths with the api', async () => {
    const auth = { Authorization: `Bearer ${token}` };
    // As the console's fetch sends them (api-client: Accept JSON; the browser adds cors mode).
    const users = await get('/users', {
      ...auth,
      Accept: 'application/json',
      'Sec-Fetch-Mode': 'cors',
    });
    expect(users.status).toBe(200);
    expect(users.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await users.json()) as { users: unknown[] }).users.length).toBeGreaterThan(0);
    // A fetch that asks for anything, and a same-origin fetch that even prefers HTML: still the api.
    const any = await get('/users', { ...auth, Accept: '*/*' });
    expect(any.headers.get('content-type')).toMatch(/^application\/json/);
    const sameOrigin = await get('/settings', {
      ...auth,
      Accept: 'text/html',
      'Sec-Fetch-Mode': 'same-origin',
    });
    expect(sameOrigin.headers.get('content-type')).toMatch(/^application\/json/);
    // Without a token the api's own answer, not a page.
    const anonymous = await get('/users', { Accept: 'application/json' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: expect.any(String) });
  });

  it('never turns a write, a file path or a missing asset into a page', async () => {
    const login = await rawRequest(
      `${t.url}/auth/login`,
      { ...NAVIGATE, 'Content-Type': 'application/json' },
      'POST',
      JSON.stringify(DEMO_ADMIN),
    );
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ token: expect.any(String) });
    const openapi = await get('/openapi.json', NAVIGATE);
    expect(openapi.headers.get('content-type')).toMatch(/^application\/json/);
    const missing = await get('/assets/index-000000.js', {
      Accept: '*/*',
      'Sec-Fetch-Mode': 'no-cors',
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('serves the hashed bundles as immutable and the other build files revalidated', async () => {
    const js = await get('/assets/index-3f9a1c.js', { Accept: '*/*', 'Sec-Fetch-Mode': 'no-cors' });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe(BUNDLE);
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves a build that lives under a dot folder, and no dotfile inside it', async () => {
    expect(dist).toContain(`${path.sep}.atendo${path.sep}`);
    for (const p of ['/.env', '/assets/.hidden.js', '/assets/../.env', '/%2eenv']) {
      const res = await get(p, { Accept: '*/*', 'Sec-Fetch-Mode': 'no-cors' });
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toMatch(/SECRET/);
    }
    const page = await get('/tickets', NAVIGATE);
    expect(await page.text()).toBe(INDEX);
  });

  it('leaves Socket.IO on the same origin to Socket.IO', async () => {
    const res = await get('/socket.io/?EIO=4&transport=polling', {
      Accept: '*/*',
      'Sec-Fetch-Mode': 'cors',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^0\{"sid":/);
  });

  it('refuses a console dir without index.html', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-console-empty-'));
    try {
      expect(() => serveConsole(empty)).toThrow(/no index.html/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('without CONSOLE_DIR', () => {
  let apiOnly: TestApi;
  beforeAll(async () => {
    apiOnly = await startTestApi();
  });
  afterAll(() => apiOnly?.close());

  it('serves no console: a page load gets the api', async () => {
    const res = await rawRequest(`${apiOnly.url}/users`, NAVIGATE);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
