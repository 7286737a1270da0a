import { describe, expect, it } from 'vitest';
import { collectCookies, cookieHeader } from './session.js';

function response(...cookies: string[]): Response {
  const headers = new Headers();
  for (const c of cookies) headers.append('Set-Cookie', c);
  return new Response(null, { headers });
}

describe('cookie jar', () => {
  it('keeps set cookies and drops expired ones', () => {
    const jar: Record<string, string> = {};
    expect(collectCookies(jar, response('jrt=abc; Path=/; HttpOnly', 'other=1'))).toBe(true);
    expect(jar).toEqual({ jrt: 'abc', other: '1' });
    expect(collectCookies(jar, response('jrt=abc; Path=/'))).toBe(false);
    collectCookies(jar, response('other=; Max-Age=0', 'jrt=def'));
    expect(jar).toEqual({ jrt: 'def' });
    expect(cookieHeader(jar)).toEqual({ Cookie: 'jrt=def' });
    expect(cookieHeader({})).toEqual({});
  });
});
