import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceDueDate, PLATFORM_DUE_DATE } from '@atendo/domain';
import {
  companyUploadDirs,
  refreshCompanyStorage,
} from '@atendo/core/modules/companies/refresh-company-storage.js';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  apiError,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { companySnapshot, sql } from './support/sql.js';
import { companySocket } from './support/socket.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let su: Logged;
let aAdmin: Logged;
let aAgent: Logged;
const B = { companyId: 0, planId: 0 };

beforeAll(async () => {
  t = await startTestApi();
  su = await t.login(SUPER.email, SUPER.password);
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  B.planId = (
    await su.call('plansCreate', {
      body: { name: 'Plano B', users: 2, connections: 1, queues: 1, amount: '10' },
    })
  ).id;
  B.companyId = (
    await su.call('companiesCreate', {
      body: {
        name: 'Armazém B',
        email: 'dono@armazem-b.io',
        password: 'segredo1',
        planId: B.planId,
      },
    })
  ).id;
});
afterAll(() => t?.close());

async function rowOf(companyId: number) {
  const { companies } = await su.call('companiesPlan', {
    query: { searchParam: 'Armazém', pageNumber: 1 },
  });
  return companies.find((c) => c.id === companyId)!;
}

function write(dir: string, name: string, bytes: number, mtime: Date) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.alloc(bytes, 1));
  fs.utimesSync(file, mtime, mtime);
}

describe('company storage and last login on the companies list', () => {
  it('shows the stats of the last refresh, never what is on the disk now', async () => {
    const ctx = t.api.ctx;
    const [publicDir, privateDir] = companyUploadDirs(ctx, B.companyId);
    expect(publicDir).toBe(path.resolve(ctx.config.UPLOAD_DIR, `company${B.companyId}`));
    const older = new Date('2030-01-02T03:04:05Z');
    const newer = new Date('2030-02-03T04:05:06Z');
    write(path.join(publicDir!, 'user'), 'avatar.jpg', 1000, older);
    write(privateDir!, 'media.ogg', 2500, newer);
    // A link out of the folder (here to another company's files) is not counted.
    const other = companyUploadDirs(ctx, 1)[0]!;
    write(other, 'platform.png', 7000, older);
    fs.symlinkSync(other, path.join(publicDir!, 'link'));

    expect(await rowOf(B.companyId)).toMatchObject({
      folderSize: null,
      numberFileFolder: null,
      updatedAtFolder: null,
    });
    expect(await refreshCompanyStorage(ctx)).toBeGreaterThanOrEqual(3);
    const row = await rowOf(B.companyId);
    expect(row).toMatchObject({ folderSize: '3500', numberFileFolder: 2 });
    expect(new Date(row.updatedAtFolder!).toISOString()).toBe(newer.toISOString());

    // New files change nothing until the next refresh: the list reads the row only.
    write(publicDir!, 'late.pdf', 500, new Date());
    expect(await rowOf(B.companyId)).toMatchObject({ folderSize: '3500', numberFileFolder: 2 });
    await refreshCompanyStorage(ctx);
    expect(await rowOf(B.companyId)).toMatchObject({ folderSize: '4000', numberFileFolder: 3 });

    // A company with no folder at all is empty, not an error.
    const demo = (await su.call('companiesList')).find((c) => c.id === aAdmin.user.companyId);
    expect(demo).toMatchObject({ folderSize: '0', numberFileFolder: 0, updatedAtFolder: null });
  });

  it('stamps lastLogin at each successful login, and not on a failed one', async () => {
    expect((await rowOf(B.companyId)).lastLogin).toBeNull();
    await expect(
      t.client().call('login', { body: { email: 'dono@armazem-b.io', password: 'wrong1' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect((await rowOf(B.companyId)).lastLogin).toBeNull();
    const before = Date.now();
    await t.login('dono@armazem-b.io', 'segredo1');
    const at = new Date((await rowOf(B.companyId)).lastLogin!).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe('due date by recurrence', () => {
  it.each([
    ['2030-01-15', 'MENSAL', '2030-02-15'],
    ['2030-01-31', 'MENSAL', '2030-02-28'],
    ['2032-01-31', 'MENSAL', '2032-02-29'],
    ['2030-11-30', 'BIMESTRAL', '2031-01-30'],
    ['2030-11-05', 'TRIMESTRAL', '2031-02-05'],
    ['2030-08-31', 'SEMESTRAL', '2031-02-28'],
    ['2030-03-01', 'ANUAL', '2031-03-01'],
  ] as const)('%s advanced %s is %s', (from, recurrence, to) => {
    expect(advanceDueDate(from, recurrence)).toBe(to);
  });

  it('stores the advanced date; the platform company keeps 2999-12-31', async () => {
    await su.call('companiesUpdate', {
      params: { id: B.companyId },
      body: { dueDate: '2030-11-30', recurrence: 'BIMESTRAL' },
    });
    const next = advanceDueDate('2030-11-30', 'BIMESTRAL');
    expect(
      await su.call('companiesUpdate', { params: { id: B.companyId }, body: { dueDate: next } }),
    ).toMatchObject({ dueDate: '2031-01-30', recurrence: 'BIMESTRAL' });

    const e = await apiError(() =>
      su.call('companiesUpdate', {
        params: { id: 1 },
        body: { dueDate: advanceDueDate(PLATFORM_DUE_DATE, 'MENSAL') },
      }),
    );
    expect(e).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    // The form sends the unchanged date back with other edits: accepted.
    await expect(
      su.call('companiesUpdate', {
        params: { id: 1 },
        body: { dueDate: PLATFORM_DUE_DATE, phone: '1130000000' },
      }),
    ).resolves.toMatchObject({ dueDate: PLATFORM_DUE_DATE, phone: '1130000000' });
  });
});

describe('companies and plans are the super admin’s', () => {
  it("refuses company A's admin and agent every write on company B and on plans; B is unchanged", async () => {
    const before = await companySnapshot(t.databaseUrl, B.companyId);
    const [planBefore] = await sql(t.databaseUrl, 'SELECT * FROM plans WHERE id = $1', [B.planId]);
    for (const c of [aAdmin, aAgent]) {
      for (const [method, p, body] of [
        ['GET', '/companiesPlan'],
        ['POST', '/companies', { name: 'Nova', email: 'n@n.io', password: 'segredo1', planId: 1 }],
        ['PUT', `/companies/${B.companyId}`, { name: 'Hacked', dueDate: '2099-01-01' }],
        ['DELETE', `/companies/${B.companyId}`],
        ['GET', '/plans/all'],
        ['POST', '/plans', { name: 'P', users: 1, connections: 1, queues: 1, amount: '1' }],
        ['PUT', `/plans/${B.planId}`, { amount: '0', useCampaigns: false }],
        ['DELETE', `/plans/${B.planId}`],
      ] as const) {
        const res = await c.raw(method, p, body);
        expect(res.status, `${method} ${p}`).toBe(403);
        expect(await res.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' });
      }
    }
    expect(await companySnapshot(t.databaseUrl, B.companyId)).toEqual(before);
    expect((await sql(t.databaseUrl, 'SELECT * FROM plans WHERE id = $1', [B.planId]))[0]).toEqual(
      planBefore,
    );
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])(
    'answers a malformed id %s with 400 on companies and plans',
    async (id) => {
      for (const [method, p, body] of [
        ['PUT', `/companies/${id}`, { phone: '1' }],
        ['DELETE', `/companies/${id}`],
        ['GET', `/companies/listPlan/${id}`],
        ['GET', `/plans/${id}`],
        ['PUT', `/plans/${id}`, { name: 'X' }],
      ] as const) {
        const res = await su.raw(method, p, body);
        expect(res.status, `${method} ${p}`).toBe(400);
        expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
      }
    },
  );

  it('refuses a malformed page query and company form values, naming the field', async () => {
    for (const q of ['pageNumber=abc', 'pageNumber=0', 'pageNumber=-2']) {
      const res = await su.raw('GET', `/companiesPlan?${q}`);
      expect(res.status, q).toBe(400);
    }
    for (const [field, body] of [
      ['numberAttendants', { numberAttendants: 'muitos' }],
      ['numberConections', { numberConections: -1 }],
      ['planId', { planId: 'x' }],
      ['name', { name: 'a'.repeat(51) }],
    ] as const) {
      const e = await apiError(() =>
        su.call('companiesUpdate', { params: { id: B.companyId }, body: body as never }),
      );
      expect(e, field).toMatchObject({ status: 400, body: { fields: [{ field }] } });
    }
  });
});

describe('live updates of the companies and plans pages', () => {
  it('pushes company and plan changes, ids only, to super admins and to no one else', async () => {
    const connect = (c: Logged) => companySocket(t.url, c);
    const [suSocket, adminSocket] = await Promise.all([connect(su), connect(aAdmin)]);
    const seen: { who: string; event: string; payload: unknown }[] = [];
    for (const [who, socket] of [
      ['super', suSocket],
      ['admin', adminSocket],
    ] as const)
      socket.onAny((event: string, payload: unknown) => {
        if (/-(company|plan)$/.test(event)) seen.push({ who, event, payload });
      });
    try {
      const plan = await su.call('plansCreate', {
        body: { name: 'Ao vivo', users: 1, connections: 1, queues: 1, amount: '5' },
      });
      await su.call('plansUpdate', { params: { id: plan.id }, body: { amount: '6' } });
      await su.call('companiesUpdate', { params: { id: B.companyId }, body: { phone: '119' } });
      await su.call('plansDelete', { params: { id: plan.id } });
      const end = Date.now() + 5000;
      while (seen.length < 4 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toEqual([
        { who: 'super', event: 'company-1-plan', payload: { action: 'create', planId: plan.id } },
        { who: 'super', event: 'company-1-plan', payload: { action: 'update', planId: plan.id } },
        {
          who: 'super',
          event: 'company-1-company',
          payload: { action: 'update', companyId: B.companyId },
        },
        { who: 'super', event: 'company-1-plan', payload: { action: 'delete', planId: plan.id } },
      ]);
    } finally {
      suSocket.disconnect();
      adminSocket.disconnect();
    }
  });
});
