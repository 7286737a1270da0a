import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type RouteDef } from '@atendo/contract';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let su: Logged;
let admin: Logged;
let agentId: number;

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' });
  su = await t.login(SUPER.email, SUPER.password);
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agentId = (await admin.call('usersIndex', { query: { searchParam: DEMO_AGENT.email } })).users[0]!
    .id;
});
afterAll(() => t?.close());

/** Nothing a client receives may reveal code paths, SQL or driver errors. */
const LEAK =
  /\bat .+:\d+:\d+|node_modules|\.ts:\d+|QueryFailedError|TypeORMError|\bSELECT\b|\bINSERT INTO\b|\bUPDATE\b.+\bSET\b|\bDELETE FROM\b|violates|syntax error|duplicate key|relation "|column "/;

async function readError(res: Response): Promise<{
  status: number;
  text: string;
  body: { error?: unknown; fields?: { field: string; message: string }[] };
}> {
  const text = await res.text();
  let body = {};
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: the assertions below fail on the missing error */
  }
  return { status: res.status, text, body };
}

function expectCleanError(
  r: { status: number; text: string; body: { error?: unknown } },
  where: string,
) {
  expect(r.status, `${where}: ${r.text.slice(0, 300)}`).toBeLessThan(500);
  expect(r.status, where).toBeGreaterThanOrEqual(400);
  expect(typeof r.body.error, `${where}: ${r.text.slice(0, 300)}`).toBe('string');
  expect(r.text, where).not.toMatch(LEAK);
}

describe('the error contract', () => {
  it('answers malformed JSON with 400 ERR_INVALID_JSON', async () => {
    for (const text of ['{"email":', '{email: "x"}', "{'a': 1}", '[1,2,', 'nul']) {
      const res = await admin.raw('POST', '/users', text, { 'Content-Type': 'application/json' });
      expect(res.status, text).toBe(400);
      expect(await res.json()).toEqual({ error: 'ERR_INVALID_JSON' });
    }
  });

  it('names every missing field', async () => {
    const r = await readError(await admin.raw('POST', '/users', {}));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_VALIDATION');
    expect(r.body.fields?.map((f) => f.field).sort()).toEqual(['email', 'name', 'password']);
  });

  it('names every field of the wrong type', async () => {
    const r = await readError(
      await admin.raw('POST', '/users', {
        name: 5,
        email: ['a@b.io'],
        password: true,
        profile: 'root',
        queueIds: 'all',
        allowGroup: 'yes',
      }),
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_VALIDATION');
    expect(r.body.fields?.map((f) => f.field).sort()).toEqual([
      'allowGroup',
      'email',
      'name',
      'password',
      'profile',
      'queueIds',
    ]);
    const plan = await readError(
      await su.raw('POST', '/plans', {
        name: 'X',
        users: 'many',
        connections: -1,
        queues: 1.5,
        amount: 'R$ 10',
      }),
    );
    expect(plan.body.fields?.map((f) => f.field).sort()).toEqual([
      'amount',
      'connections',
      'queues',
      'users',
    ]);
  });

  it('names query fields of the wrong type', async () => {
    const r = await readError(await admin.raw('GET', '/users?pageNumber=abc'));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'query.pageNumber' }],
    });
  });

  it.each(['abc', '99999999999', '0', '-3', '1.5', '1e400', '%00', 'NaN', '0x7fffffffffff'])(
    'answers a bad id %s with 400, never 500',
    async (id) => {
      for (const [method, p, body] of [
        ['GET', `/users/${id}`],
        ['PUT', `/users/${id}`, { name: 'Valid Name' }],
        ['DELETE', `/users/${id}`],
        ['GET', `/companies/${id}`],
        ['PUT', `/companies/${id}/schedules`, { schedules: [] }],
        ['GET', `/companySettings/${id}`],
        ['DELETE', `/plans/${id}`],
      ] as const) {
        const r = await readError(await su.raw(method, p, body));
        expect(r.status, `${method} ${p}: ${r.text}`).toBe(400);
        expect(r.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'params.id' }] });
      }
    },
  );

  it('answers a body over 1 MB with 413', async () => {
    const res = await admin.raw('POST', '/users', {
      name: 'x'.repeat(1_100_000),
      email: 'big@demo.io',
      password: 'segredo1',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'ERR_PAYLOAD_TOO_LARGE' });
  });

  it('answers unknown routes and methods with 404 JSON', async () => {
    for (const [method, p] of [
      ['GET', '/nope'],
      ['POST', '/users/1/nope'],
      ['PATCH', '/users/1'],
      ['GET', '/api/users'],
      ['DELETE', '/settings'],
    ] as const) {
      const res = await admin.raw(method, p);
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ error: 'ERR_NOT_FOUND' });
    }
  });

  it('matches paths as express does: any case, one trailing slash, HEAD as GET', async () => {
    const me = await admin.raw('GET', '/auth/me');
    const body = await me.json();
    for (const p of ['/AUTH/Me', '/auth/me/', '/Users/' + String(agentId), '/users/'])
      expect((await admin.raw('GET', p)).status, p).toBe(200);
    expect(await (await admin.raw('GET', '/Auth/ME/')).json()).toEqual(body);
    expect((await admin.raw('GET', '/auth/me//')).status).toBe(404);
    const head = await admin.raw('HEAD', '/auth/me');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(me.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('revalidates an unchanged answer with its ETag (304) and a changed one with 200', async () => {
    // A browser revalidating (fetch alone would add Cache-Control: no-cache to a conditional
    // request, which always gets the full answer).
    const revalidate = (etag: string) => ({ 'If-None-Match': etag, 'Cache-Control': 'max-age=0' });
    const first = await admin.raw('GET', '/auth/me');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const again = await admin.raw('GET', '/auth/me', undefined, revalidate(etag));
    expect(again.status).toBe(304);
    const { name } = (await first.json()) as { name: string };
    await admin.call('usersUpdate', {
      params: { id: admin.user.id },
      body: { name: `${name} ` + 'x' },
    });
    try {
      const changed = await admin.raw('GET', '/auth/me', undefined, revalidate(etag));
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
    } finally {
      await admin.call('usersUpdate', { params: { id: admin.user.id }, body: { name } });
    }
  });

  it('answers a write as JSON of its exact length and without an ETag', async () => {
    const name = `etag ${Date.now()}`;
    const res = await admin.raw('POST', '/tags', { name, color: '#112233' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Nothing revalidates a write's answer; hashing it for an ETag was wasted work.
    expect(res.headers.get('etag')).toBeNull();
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    const tag = JSON.parse(text) as { id: number; name: string };
    expect(tag.name).toBe(name);
    await admin.call('tagsDelete', { params: { id: tag.id } });
  });

  it('answers a missing public file with 404 ERR_NOT_FOUND, and never serves outside the folder', async () => {
    const missing = await t.client().raw('GET', '/public/company1/user/nope.png');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'ERR_NOT_FOUND' });
    for (const p of ['/public/..%2F..%2Fpackage.json', '/public/%2e%2e/%2e%2e/etc/passwd']) {
      const r = await readError(await t.client().raw('GET', p));
      expect([403, 404], p).toContain(r.status);
      expectCleanError(r, p);
    }
  });

  it('reports text the database cannot store (NUL bytes) as 400, not 500', async () => {
    const update = await readError(
      await admin.raw('PUT', `/users/${agentId}`, { name: 'Agent\u0000X' }),
    );
    expectCleanError(update, 'PUT /users/:id');
    expect(update.status).toBe(400);
    const search = await readError(await admin.raw('GET', '/users?searchParam=%00'));
    expectCleanError(search, 'GET /users?searchParam=%00');
    const setting = await readError(
      await admin.raw('PUT', '/settings/lgpdMessage', { value: 'a\u0000b' }),
    );
    expectCleanError(setting, 'PUT /settings/lgpdMessage');
  });

  it('never answers an empty update with 500', async () => {
    const companyId = admin.user.companyId;
    for (const [c, p] of [
      [su, `/companies/${companyId}`],
      [su, '/plans/1'],
      [admin, `/users/${agentId}`],
    ] as const) {
      const res = await c.raw('PUT', p, {});
      expect(res.status, p).toBe(200);
    }
  });
});

/** The schema's top-level field names, when it is an object. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

const huge = 'x'.repeat(60_000);
const nested = { a: [1, { b: [null, { c: { d: [[[['deep']]]] } }] }] };

/** Garbage bodies: not objects, empty, and every known field set to junk. */
function garbageBodies(def: RouteDef): [string, string][] {
  const fields = fieldsOf(def.body);
  const each = (v: unknown) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, v])));
  return [
    ['null', 'null'],
    ['[]', '[]'],
    ['"x"', '"x"'],
    ['42', '42'],
    ['true', 'true'],
    ['{}', '{}'],
    ['[{}]', '[{}]'],
    ['nested junk', JSON.stringify({ junk: nested, value: nested, data: nested })],
    ['every field nested junk', each(nested)],
    ['every field an array', each(['a', 1, null])],
    ['every field a number', each(-1e308)],
    ['every field null', each(null)],
    ['every field a huge string', each(huge)],
    ['every field a NUL string', each('ab\u0000cd')],
    [
      '__proto__ and constructor keys',
      '{"__proto__":{"super":true,"profile":"admin"},"constructor":{"prototype":{"x":1}}}',
    ],
    ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
  ];
}

const writeRoutes = Object.entries(routes as Record<string, RouteDef>).filter(
  ([, r]) => r.method === 'POST' || r.method === 'PUT',
);

describe('garbage sweep over every POST/PUT route of the contract', () => {
  /** A valid id for each path parameter, so the request reaches the handler. */
  function fillPath(def: RouteDef): string {
    return def.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
      if (name === 'key') return 'userRating';
      if (def.tag === 'users') return String(agentId);
      if (def.tag === 'companies') return String(admin.user.companyId);
      return '1';
    });
  }

  it('covers the contract', () => {
    expect(writeRoutes.length).toBeGreaterThanOrEqual(10);
  });

  it.each(writeRoutes.map(([name, def]) => [`${def.method} ${def.path} (${name})`, def] as const))(
    '%s answers every garbage body below 500 with an error string',
    async (_label, def) => {
      const caller = def.access === 'public' || def.access === 'refresh' ? t.client() : su;
      const p = fillPath(def);
      for (const [what, text] of garbageBodies(def)) {
        const res = await caller.raw(def.method, p, text, { 'Content-Type': 'application/json' });
        const r = await readError(res);
        expect(r.status, `${def.method} ${p} with ${what}: ${r.text.slice(0, 300)}`).toBeLessThan(
          500,
        );
        expect(r.text, what).not.toMatch(LEAK);
        if (res.status >= 400)
          expect(typeof r.body.error, `${def.method} ${p} with ${what}`).toBe('string');
        // What the contract's schema refuses is refused; text PostgreSQL cannot store too.
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const schemaAccepts = def.body ? def.body.safeParse(parsed).success : !def.multipart;
        if (!schemaAccepts || (what.includes('NUL') && def.body)) {
          expect(
            res.status,
            `${def.method} ${p} with ${what}: ${r.text.slice(0, 300)}`,
          ).toBeGreaterThanOrEqual(400);
        }
      }
      // The super admin's session survived the sweep (the requests did nothing harmful).
      await expect(su.call('me')).resolves.toMatchObject({ email: SUPER.email });
    },
  );

  it.each(
    Object.entries(routes as Record<string, RouteDef>)
      .filter(([, r]) => r.method === 'GET' && fieldsOf(r.query).length > 0)
      .map(([name, def]) => [`${def.path} (${name})`, def] as const),
  )('GET %s answers junk query strings below 500', async (_label, def) => {
    const p = fillPath(def);
    for (const f of fieldsOf(def.query)) {
      for (const v of [
        `${f}[]=1&${f}[]=2`,
        `${f}[a]=1`,
        `${f}=%00`,
        `${f}=${'z'.repeat(5000)}`,
        `${f}=-1`,
        `${f}=1e999`,
        `${f}=%25%5F%5C`,
      ]) {
        const r = await readError(await su.raw('GET', `${p}?${v}`));
        expect(r.status, `${p}?${v.slice(0, 60)}: ${r.text.slice(0, 300)}`).toBeLessThan(500);
        expect(r.text).not.toMatch(LEAK);
        if (r.status >= 400) expect(typeof r.body.error).toBe('string');
      }
    }
  });
});
