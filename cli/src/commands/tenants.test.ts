import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError, createApiClient } from '@atendo/api-client';
import type { CompanyView } from '@atendo/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { addMonths, companyToday } from '../format.js';
import { run } from '../main.js';
import { captureIO, fakeTTYInput } from '../testing/capture.js';

// companies, plans and connections commands against the real api (one platform for the file).
let platform: Platform;
let home: string;

beforeAll(async () => {
  platform = await startPlatform();
  home = await mkdtemp(join(tmpdir(), 'atendo-cli-'));
  const login = await atendo('login', '--email', 'admin@atendo.local', '--password', 'admin123');
  expect(login.code).toBe(0);
});
afterAll(async () => {
  await platform?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

function ioFor(isTTY = false) {
  return captureIO({
    env: { XDG_CONFIG_HOME: home, ATENDO_API_URL: platform.apiUrl, COLUMNS: '200' },
    isTTY,
  });
}

/** Runs `atendo …` as the logged-in super admin, without a TTY. */
async function atendo(...argv: string[]) {
  const { io, stdout, stderr } = ioFor();
  const code = await run(argv, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

/** Runs `atendo …` on a fake terminal and answers the confirmation with `answer`. */
async function atendoOnTTY(answer: string, ...argv: string[]) {
  const { io, stdout, stderr } = ioFor(true);
  const stdin = fakeTTYInput();
  const done = run(argv, { ...io, stdin });
  await vi.waitFor(() => expect(stderr()).toContain('(y/N)'), { timeout: 10_000 });
  await new Promise((r) => setTimeout(r, 50));
  stdin.write(answer);
  const code = await done;
  return { code, stdout: stdout(), stderr: stderr() };
}

/** Error boxes wrap long lines: the text with the box drawing and line breaks folded away. */
const flat = (text: string) => text.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');

async function companiesJson(): Promise<CompanyView[]> {
  const res = await atendo('companies', 'list', '--json');
  expect(res.code).toBe(0);
  return JSON.parse(res.stdout) as CompanyView[];
}

async function adminLogin(email: string, password: string) {
  return createApiClient({ baseUrl: platform.apiUrl }).call('login', { body: { email, password } });
}

const ADMIN = { email: 'owner@acme-tenant.example', password: 'acme-secret' };
const firstDue = addMonths(companyToday({}), 1);

describe('plans', () => {
  it('create prints the plan; --json gives the created plan', async () => {
    const res = await atendo(
      'plans',
      'create',
      'Tenant Plan',
      '--users',
      '3',
      '--connections',
      '1',
      '--queues',
      '2',
      '--amount',
      '19,90',
      '--flags',
      'whatsapp,useKanban',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(flat(res.stdout)).toContain('Created plan Tenant Plan (id');
    expect(flat(res.stdout)).toContain('Limits: 3 users, 1 connections, 2 queues');
    expect(flat(res.stdout)).toContain('Features: whatsapp, kanban');

    const json = await atendo(
      'plans',
      'create',
      'Spare Plan',
      '--users',
      '1',
      '--connections',
      '0',
      '--queues',
      '0',
      '--amount',
      '0',
      '--no-flags',
      '--json',
    );
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      name: 'Spare Plan',
      isPublic: false,
      useWhatsapp: false,
      useKanban: false,
    });
  });

  it('create refuses a duplicate name and bad input', async () => {
    const dup = await atendo(
      'plans',
      'create',
      'tenant plan',
      '--users',
      '1',
      '--connections',
      '1',
      '--queues',
      '1',
      '--amount',
      '1',
      '--all-flags',
    );
    expect(dup.code).toBe(1);
    expect(flat(dup.stderr)).toContain(
      'A plan with this name already exists. (ERR_DUPLICATED_PLAN)',
    );

    const amount = await atendo(
      'plans',
      'create',
      'Bad',
      '--users',
      '1',
      '--connections',
      '1',
      '--queues',
      '1',
      '--amount',
      'R$ 10',
      '--all-flags',
    );
    expect(amount.code).toBe(2);
    expect(flat(amount.stderr)).toContain('--amount: expected an amount such as 49.90');
    expect(
      (
        await atendo(
          'plans',
          'create',
          'Bad',
          '--users',
          'many',
          '--connections',
          '1',
          '--queues',
          '1',
          '--amount',
          '1',
          '--all-flags',
        )
      ).code,
    ).toBe(2);
  });

  it('update changes only what is named', async () => {
    const res = await atendo(
      'plans',
      'update',
      'Tenant Plan',
      '--users',
      '7',
      '--enable',
      'campaigns',
      '--disable',
      'kanban',
      '--public',
      '--json',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({
      name: 'Tenant Plan',
      users: 7,
      connections: 1,
      queues: 2,
      amount: '19.90',
      isPublic: true,
      useWhatsapp: true,
      useCampaigns: true,
      useKanban: false,
    });
    const nothing = await atendo('plans', 'update', 'Tenant Plan');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing to update');
  });

  it('list shows the plans in a table', async () => {
    const res = await atendo('plans', 'list');
    expect(res.code).toBe(0);
    const row = res.stdout.split('\n').find((l) => l.includes('Tenant Plan'));
    expect(row).toMatch(/Tenant Plan\s+7\s+1\s+2\s+R\$ 19,90\s+yes\s+whatsapp, campaigns$/);
  });

  it('delete without a terminal and without --yes refuses (exit 2) and deletes nothing', async () => {
    const res = await atendo('plans', 'delete', 'Spare Plan');
    expect(res.code).toBe(2);
    expect(flat(res.stderr)).toContain('Refusing to delete plan Spare Plan');
    expect(flat(res.stderr)).toContain('--yes');
    expect((await atendo('plans', 'list')).stdout).toContain('Spare Plan');
  });

  it('delete asks on a terminal; no keeps the plan (exit 130), yes deletes it', async () => {
    const no = await atendoOnTTY('n', 'plans', 'delete', 'Spare Plan');
    expect(no.code).toBe(130);
    expect(no.stderr).toContain('Delete plan Spare Plan');
    expect((await atendo('plans', 'list')).stdout).toContain('Spare Plan');

    const yes = await atendoOnTTY('y', 'plans', 'delete', 'spare plan');
    expect(yes.stderr).toContain('✔ Delete plan Spare Plan (id');
    expect(yes.code).toBe(0);
    expect(flat(yes.stdout)).toContain('Deleted plan Spare Plan');
    expect((await atendo('plans', 'list')).stdout).not.toContain('Spare Plan');
  });
});

describe('companies', () => {
  let acme: CompanyView;

  it('create makes the company and its first admin, who can log in', async () => {
    const res = await atendo(
      'companies',
      'create',
      'Acme Tenant',
      '--plan',
      'Tenant Plan',
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
      '--recurrence',
      'trimestral',
      '--due-date',
      firstDue,
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = flat(res.stdout);
    expect(out).toMatch(/Created company Acme Tenant \(id \d+\)\./);
    expect(out).toContain('Plan: Tenant Plan');
    expect(out).toContain(`Due date: ${firstDue} (TRIMESTRAL)`);
    const login = await adminLogin(ADMIN.email, ADMIN.password);
    expect(login.user.company?.name).toBe('Acme Tenant');
  });

  it('create --json prints the company; missing values without a terminal exit 2', async () => {
    const json = await atendo(
      'companies',
      'create',
      'Beta Tenant',
      '--plan',
      'Tenant Plan',
      '--email',
      'owner@beta.example',
      '--password',
      'beta-secret',
      '--json',
    );
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      name: 'Beta Tenant',
      status: true,
      recurrence: 'MENSAL',
      plan: { name: 'Tenant Plan' },
    });

    const noPassword = await atendo(
      'companies',
      'create',
      'Gamma',
      '--plan',
      'Tenant Plan',
      '--email',
      'g@gamma.example',
    );
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('Missing --password');
    const noPlan = await atendo(
      'companies',
      'create',
      'Gamma',
      '--email',
      'g@gamma.example',
      '--password',
      'secret',
    );
    expect(noPlan.code).toBe(2);
    const badPlan = await atendo(
      'companies',
      'create',
      'Gamma',
      '--plan',
      'Nope',
      '--email',
      'g@gamma.example',
      '--password',
      'secret',
    );
    expect(badPlan.code).toBe(1);
    expect(flat(badPlan.stderr)).toContain('No plan with id or name "Nope".');
    const dup = await atendo(
      'companies',
      'create',
      'acme tenant',
      '--plan',
      'Tenant Plan',
      '--email',
      'x@acme.example',
      '--password',
      'secret',
    );
    expect(flat(dup.stderr)).toContain('(ERR_DUPLICATED_COMPANY)');
  });

  it('list shows the new company', async () => {
    acme = (await companiesJson()).find((c) => c.name === 'Acme Tenant')!;
    expect(acme).toMatchObject({ status: true, recurrence: 'TRIMESTRAL', email: ADMIN.email });
    const res = await atendo('companies', 'list');
    const row = res.stdout.split('\n').find((l) => l.includes('Acme Tenant'));
    expect(row).toMatch(
      new RegExp(
        `Acme Tenant\\s+${ADMIN.email}\\s+Tenant Plan\\s+active\\s+${firstDue}\\s+TRIMESTRAL$`,
      ),
    );
  });

  it('suspend without a terminal and without --yes refuses (exit 2)', async () => {
    const res = await atendo('companies', 'suspend', 'Acme Tenant');
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(flat(res.stderr)).toContain(
      `Refusing to suspend company Acme Tenant (id ${acme.id}) without confirmation`,
    );
    expect(flat(res.stderr)).toContain(`atendo companies suspend ${acme.id} --yes`);
    expect((await companiesJson()).find((c) => c.id === acme.id)?.status).toBe(true);
  });

  it('suspend on a terminal asks; no leaves it active (exit 130)', async () => {
    const res = await atendoOnTTY('n', 'companies', 'suspend', String(acme.id));
    expect(res.code).toBe(130);
    expect(res.stderr).toContain(`Suspend company Acme Tenant (id ${acme.id})?`);
    expect((await companiesJson()).find((c) => c.id === acme.id)?.status).toBe(true);
  });

  it('suspend on a terminal, answered yes, suspends: the list says inactive and the admin cannot log in', async () => {
    const res = await atendoOnTTY('y', 'companies', 'suspend', 'acme tenant');
    expect(res.code).toBe(0);
    expect(flat(res.stderr)).toContain(
      `✔ Suspend company Acme Tenant (id ${acme.id})? Its users will not be able to log in. yes`,
    );
    expect(flat(res.stdout)).toContain(`Suspended company Acme Tenant (id ${acme.id}).`);

    const row = (await atendo('companies', 'list')).stdout
      .split('\n')
      .find((l) => l.includes('Acme Tenant'));
    expect(row).toMatch(/\binactive\b/);
    const refused = await adminLogin(ADMIN.email, ADMIN.password).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('ERR_COMPANY_INACTIVE');
  });

  it('suspend is idempotent: an inactive company is left alone without asking', async () => {
    const res = await atendo('companies', 'suspend', 'Acme Tenant', '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ id: acme.id, status: false });
  });

  it("refuses to suspend the platform's own company and explains unknown companies", async () => {
    const platformCompany = await atendo('companies', 'suspend', '1', '--yes');
    expect(platformCompany.code).toBe(1);
    expect(flat(platformCompany.stderr)).toContain(
      "is the platform's own company and cannot be suspended",
    );
    const unknown = await atendo('companies', 'activate', 'No Such Company');
    expect(unknown.code).toBe(1);
    expect(flat(unknown.stderr)).toContain('No company with id or name "No Such Company".');
  });

  it('activate lets its users log in again', async () => {
    const res = await atendo('companies', 'activate', String(acme.id));
    expect(res.code).toBe(0);
    expect(flat(res.stdout)).toContain(`Activated company Acme Tenant (id ${acme.id}).`);
    expect((await companiesJson()).find((c) => c.id === acme.id)?.status).toBe(true);
    await expect(adminLogin(ADMIN.email, ADMIN.password)).resolves.toMatchObject({
      user: { email: ADMIN.email },
    });
  });

  it('renew advances the due date by the recurrence (TRIMESTRAL: 3 months), or by --months', async () => {
    const renewed = addMonths(firstDue, 3);
    const res = await atendo('companies', 'renew', 'Acme Tenant');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(flat(res.stdout)).toContain(
      `Renewed company Acme Tenant (id ${acme.id}) until ${renewed}.`,
    );
    expect(flat(res.stdout)).toContain(`Due date: ${firstDue} → ${renewed} (TRIMESTRAL, 3 months)`);
    expect((await companiesJson()).find((c) => c.id === acme.id)?.dueDate?.slice(0, 10)).toBe(
      renewed,
    );

    const json = await atendo('companies', 'renew', String(acme.id), '--months', '1', '--json');
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as {
      previousDueDate: string;
      dueDate: string;
      months: number;
      company: CompanyView;
    };
    expect(out).toMatchObject({
      previousDueDate: renewed,
      dueDate: addMonths(renewed, 1),
      months: 1,
    });
    expect(out.company.dueDate?.slice(0, 10)).toBe(addMonths(renewed, 1));
  });

  it('plans delete of a plan in use explains which companies use it', async () => {
    const res = await atendo('plans', 'delete', 'Tenant Plan', '--yes');
    expect(res.code).toBe(1);
    const err = flat(res.stderr);
    expect(err).toContain('Plan Tenant Plan (id');
    expect(err).toContain('is in use and cannot be deleted. (ERR_PLAN_IN_USE)');
    expect(err).toContain(`Companies on it: Acme Tenant (id ${acme.id}), Beta Tenant`);
    expect((await atendo('plans', 'list', '--json')).stdout).toContain('Tenant Plan');
  });
});

describe('connections', () => {
  it('list says there are none: an info line, and [] with --json', async () => {
    const json = await atendo('connections', 'list', '--company', 'Acme Tenant', '--json');
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect(json.stdout).toBe('[]\n');
    const table = await atendo('connections', 'list', '--company', 'Acme Tenant');
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('No connections match.');
    expect(table.stdout).not.toContain('Channel');
  });

  it("list shows every company's connections with their status", async () => {
    const demo = createApiClient({ baseUrl: platform.apiUrl });
    const { token } = await demo.call('login', {
      body: { email: 'admin@demo.atendo.local', password: 'demo123' },
    });
    const authed = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
    // A page connection needs no session process, so nothing runs in the background.
    const created = await authed.call('whatsappCreate', {
      body: { name: 'CLI Page', channel: 'facebook' },
    });

    const res = await atendo('connections', 'list');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+Company\s+Name\s+Channel\s+Number\s+Status\s+Updated \(UTC\)$/);
    const row = lines.find((l) => l.includes('CLI Page'));
    expect(row).toMatch(
      new RegExp(
        `^\\s*${created.id}\\s+Demo \\(${created.companyId}\\)\\s+CLI Page\\s+facebook\\s+—\\s+${created.status}\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`,
      ),
    );

    const json = await atendo(
      'connections',
      'list',
      '--status',
      created.status.toLowerCase(),
      '--json',
    );
    expect(JSON.parse(json.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: created.id,
          name: 'CLI Page',
          company: { id: created.companyId, name: 'Demo' },
        }),
      ]),
    );
  });
});
