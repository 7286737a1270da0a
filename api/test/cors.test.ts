import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, startTestApi, type TestApi } from './support/api.js';
import { rawRequest, type RawAnswer } from './support/raw-http.js';

// FRONTEND_URL and CORS_ORIGINS together are the allowlist; a trailing slash is tolerated.
const CONSOLE = 'https://console.example.com';
const PARTNER = 'https://partner.example.org';
const FOREIGN = [
  'https://evil.example.net',
  'https://console.example.com.evil.net',
  'http://console.example.com',
  'https://console.example.com:8443',
  'null',
];

let t: TestApi;

beforeAll(async () => {
  t = await startTestApi({
    FRONTEND_URL: CONSOLE,
    CORS_ORIGINS: ` ${PARTNER}/ ,`,
    LOGIN_RATE_LIMIT: '1000',
  });
});
afterAll(() => t?.close());

function preflight(origin: string, path: string, method: string): Promise<RawAnswer> {
  return rawRequest(
    `${t.url}${path}`,
    {
      Origin: origin,
      'Access-Control-Request-Method': method,
      'Access-Control-Request-Headers': 'authorization,content-type',
    },
    'OPTIONS',
  );
}

function login(origin: string): Promise<RawAnswer> {
  return rawRequest(
    `${t.url}/auth/login`,
    { Origin: origin, 'Content-Type': 'application/json' },
    'POST',
    JSON.stringify(DEMO_ADMIN),
  );
}

/** The refresh cookie, as the browser would store it from a login answer. */
function refreshCookie(res: RawAnswer): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('jrt='));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

describe('CORS allowlist', () => {
  it('lets a configured origin preflight and make credentialed calls', async () => {
    for (const origin of [CONSOLE, PARTNER]) {
      const pre = await preflight(origin, '/auth/refresh_token', 'POST');
      expect(pre.status, origin).toBe(204);
      expect(pre.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(pre.headers.get('access-control-allow-credentials'), origin).toBe('true');
      expect(pre.headers.get('access-control-allow-methods'), origin).toMatch(/POST/);
      expect(pre.headers.get('access-control-allow-headers')?.toLowerCase(), origin).toMatch(
        /authorization/,
      );

      const logged = await login(origin);
      expect(logged.status, origin).toBe(200);
      expect(logged.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(logged.headers.get('access-control-allow-credentials'), origin).toBe('true');
      expect(logged.headers.get('vary'), origin).toMatch(/Origin/);

      // The credentialed call proper: the refresh cookie alone brings a new access token.
      const refreshed = await rawRequest(
        `${t.url}/auth/refresh_token`,
        { Origin: origin, Cookie: refreshCookie(logged) },
        'POST',
      );
      expect(refreshed.status, origin).toBe(200);
      expect(refreshed.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(refreshed.headers.get('access-control-allow-credentials'), origin).toBe('true');
      const { token } = (await refreshed.json()) as { token: string };
      const me = await rawRequest(`${t.url}/auth/me`, {
        Origin: origin,
        Authorization: `Bearer ${token}`,
      });
      expect(me.status, origin).toBe(200);
      expect(me.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
  });

  it('gives any other origin no credentialed access', async () => {
    const logged = await login(CONSOLE);
    const cookie = refreshCookie(logged);
    for (const origin of FOREIGN) {
      const pre = await preflight(origin, '/auth/refresh_token', 'POST');
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(pre.headers.get('access-control-allow-credentials'), origin).toBeNull();

      // The browser would send the cookie with a credentialed fetch; without these two headers
      // it withholds the answer (and its token) from the foreign page.
      const refreshed = await rawRequest(
        `${t.url}/auth/refresh_token`,
        { Origin: origin, Cookie: cookie },
        'POST',
      );
      expect(refreshed.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(refreshed.headers.get('access-control-allow-credentials'), origin).toBeNull();
      const me = await rawRequest(`${t.url}/version`, { Origin: origin });
      expect(me.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('needs no CORS for calls without an Origin (same origin GETs, curl, the cli)', async () => {
    const res = await rawRequest(`${t.url}/version`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
