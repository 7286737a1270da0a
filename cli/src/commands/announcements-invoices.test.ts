import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@atendo/api-client';
import type { AnnouncementView, CompanyView, InvoiceAdminView } from '@atendo/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { addMonths, companyToday } from '../format.js';
import { run } from '../main.js';
import { captureIO, fakeTTYInput } from '../testing/capture.js';

// announcements, invoices and companies show against the real api (one platform for the file).
let platform: Platform;
let home: string;

const OWNER = { email: 'owner@fatura-tenant.example', password: 'fatura-secret' };
const dueDate = addMonths(companyToday({}), 2);
let tenant: CompanyView;
let demo: CompanyView;

beforeAll(async () => {
  platform = await startPlatform();
  home = await mkdtemp(join(tmpdir(), 'atendo-cli-'));
  const logins = await Promise.all([
    atendoAs('super', 'login', '--email', 'admin@atendo.local', '--password', 'admin123'),
    atendoAs('demo', 'login', '--email', 'admin@demo.atendo.local', '--password', 'demo123'),
  ]);
  expect(logins.map((l) => l.code)).toEqual([0, 0]);

  const plan = await atendo(
    'plans',
    'create',
    'Show Plan',
    '--users',
    '4',
    '--connections',
    '2',
    '--queues',
    '3',
    '--amount',
    '49,90',
    '--flags',
    'whatsapp,facebook',
  );
  expect(plan.code).toBe(0);
  const created = await atendo(
    'companies',
    'create',
    'Fatura Tenant',
    '--plan',
    'Show Plan',
    '--email',
    OWNER.email,
    '--password',
    OWNER.password,
    '--recurrence',
    'TRIMESTRAL',
    '--due-date',
    dueDate,
    '--json',
  );
  expect(created.code).toBe(0);
  tenant = JSON.parse(created.stdout) as CompanyView;
  const companies = JSON.parse(
    (await atendo('companies', 'list', '--json')).stdout,
  ) as CompanyView[];
  demo = companies.find((c) => c.name === 'Demo')!;

  // A second user, one connection and one more queue of the tenant's (a page: no session process runs).
  const { token } = await createApiClient({ baseUrl: platform.apiUrl }).call('login', {
    body: OWNER,
  });
  const owner = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
  await owner.call('usersCreate', {
    body: { name: 'Atendente', email: 'agent@fatura-tenant.example', password: 'agent-secret' },
  });
  await owner.call('whatsappCreate', { body: { name: 'Fatura Page', channel: 'facebook' } });
  // A third queue beside the two every company starts with: the plan's 3 are then full.
  await owner.call('queuesCreate', { body: { name: 'Cobrança', color: '#0a7f3f' } });

  // Invoices come from the nightly billing workflow; here they are written as it writes them.
  await insertInvoice(tenant.id, '2099-01-10', '49.90', 'paid');
  await insertInvoice(tenant.id, '2099-04-10', '1234.50', 'open');
  await insertInvoice(tenant.id, '2020-01-10', '49.90', 'open');
  await insertInvoice(demo.id, '2099-02-10', '99.00', 'open');
});
afterAll(async () => {
  await platform?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

async function insertInvoice(companyId: number, due: string, value: string, status: string) {
  const client = new pg.Client({ connectionString: platform.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO invoices ("companyId", detail, value, users, connections, "dueDate", status)
       VALUES ($1, 'Plano Show', $2, 4, 2, $3, $4)`,
      [companyId, value, due, status],
    );
  } finally {
    await client.end();
  }
}

function ioFor(profile: string, isTTY = false) {
  return captureIO({
    env: {
      XDG_CONFIG_HOME: join(home, profile),
      ATENDO_API_URL: platform.apiUrl,
      COLUMNS: '200',
    },
    isTTY,
  });
}

/** Runs `atendo …` with a profile's saved login, without a TTY. */
async function atendoAs(profile: string, ...argv: string[]) {
  const { io, stdout, stderr } = ioFor(profile);
  const code = await run(argv, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

/** Runs `atendo …` as the super admin, without a TTY. */
const atendo = (...argv: string[]) => atendoAs('super', ...argv);

/** Runs `atendo …` as the super admin on a fake terminal and answers the confirmation. */
async function atendoOnTTY(answer: string, ...argv: string[]) {
  const { io, stdout, stderr } = ioFor('super', true);
  const stdin = fakeTTYInput();
  const done = run(argv, { ...io, stdin });
  await vi.waitFor(() => expect(stderr()).toContain('(y/N)'), { timeout: 10_000 });
  await new Promise((r) => setTimeout(r, 50));
  stdin.write(answer);
  const code = await done;
  return { code, stdout: stdout(), stderr: stderr() };
}

/** Boxes wrap long lines: the text with the box drawing and line breaks folded away. */
const flat = (text: string) => text.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');

/** The lines of a table printed on stdout, without trailing spaces. */
const lines = (text: string) => text.split('\n').map((l) => l.trimEnd());

async function announcementsJson(): Promise<AnnouncementView[]> {
  const res = await atendo('announcements', 'list', '--json');
  expect(res.code).toBe(0);
  return JSON.parse(res.stdout) as AnnouncementView[];
}

/** A png as far as its content goes (the api sniffs the signature). */
const PNG_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

describe('announcements', () => {
  it('list says there are none yet; --json gives []', async () => {
    const table = await atendo('announcements', 'list');
    expect(table.code).toBe(0);
    expect(flat(table.stdout)).toContain('No announcements yet.');
    const json = await atendo('announcements', 'list', '--json');
    expect(json.stderr).toBe('');
    expect(json.stdout).toBe('[]\n');
  });

  it('create prints the announcement; --json gives the created record', async () => {
    const res = await atendo(
      'announcements',
      'create',
      '--title',
      'Manutenção programada',
      '--text',
      'Sábado, das 22h às 23h.',
      '--priority',
      'high',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = flat(res.stdout);
    expect(out).toMatch(/Created announcement "Manutenção programada" \(id \d+\)\./);
    expect(out).toContain('Priority: high (1)');
    expect(out).toContain("Status: active: shown in every company's top bar");

    const json = await atendo(
      'announcements',
      'create',
      '--title',
      'Rascunho',
      '--text',
      'Ainda não publicado.',
      '--priority',
      '2',
      '--inactive',
      '--json',
    );
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      title: 'Rascunho',
      text: 'Ainda não publicado.',
      priority: 2,
      status: false,
      mediaUrl: null,
    });
  });

  it('create --image attaches a png', async () => {
    const file = join(home, 'banner.png');
    await writeFile(file, PNG_BYTES);
    const res = await atendo(
      'announcements',
      'create',
      '--title',
      'Com imagem',
      '--text',
      'Veja a imagem.',
      '--image',
      file,
      '--json',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const created = JSON.parse(res.stdout) as AnnouncementView;
    expect(created).toMatchObject({ title: 'Com imagem', priority: 3, mediaName: 'banner.png' });
    expect(created.mediaUrl).toMatch(/\.png$/);
  });

  it('create refuses missing or bad input (exit 2) before creating anything', async () => {
    const before = (await announcementsJson()).length;
    const noText = await atendo('announcements', 'create', '--title', 'Sem texto');
    expect(noText.code).toBe(2);
    expect(noText.stdout).toBe('');
    expect(flat(noText.stderr)).toContain('Missing --text, and there is no terminal to ask on.');

    const blank = await atendo('announcements', 'create', '--title', '   ', '--text', 'x');
    expect(blank.code).toBe(2);
    expect(flat(blank.stderr)).toContain('--title: must not be empty, at most 200 characters');

    const priority = await atendo(
      'announcements',
      'create',
      '--title',
      't',
      '--text',
      'x',
      '--priority',
      'urgent',
    );
    expect(priority.code).toBe(2);
    expect(priority.stderr).toContain('expected high, medium or low');

    const notImage = join(home, 'notes.txt');
    await writeFile(notImage, 'not an image');
    const image = await atendo(
      'announcements',
      'create',
      '--title',
      't',
      '--text',
      'x',
      '--image',
      notImage,
    );
    expect(image.code).toBe(2);
    expect(flat(image.stderr)).toContain(`--image: ${notImage} is not a png or jpeg image.`);
    expect((await announcementsJson()).length).toBe(before);
  });

  it('list shows every announcement, newest first, with priority, status and creation time', async () => {
    const res = await atendo('announcements', 'list');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const [header, rule, ...rows] = lines(res.stdout);
    expect(header).toMatch(/^ID\s+Title\s+Priority\s+Status\s+Created \(UTC\)$/);
    expect(rule).toMatch(/^[─ ]+$/);
    const stamp = '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}';
    expect(rows.slice(0, 3)).toEqual([
      expect.stringMatching(
        new RegExp(`^\\s*\\d+\\s+Com imagem\\s+low \\(3\\)\\s+active\\s+${stamp}$`),
      ),
      expect.stringMatching(
        new RegExp(`^\\s*\\d+\\s+Rascunho\\s+medium \\(2\\)\\s+inactive\\s+${stamp}$`),
      ),
      expect.stringMatching(
        new RegExp(`^\\s*\\d+\\s+Manutenção programada\\s+high \\(1\\)\\s+active\\s+${stamp}$`),
      ),
    ]);
  });

  it('delete without a terminal and without --yes refuses (exit 2) and deletes nothing', async () => {
    const draft = (await announcementsJson()).find((a) => a.title === 'Rascunho')!;
    const res = await atendo('announcements', 'delete', String(draft.id));
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(flat(res.stderr)).toContain(
      `Refusing to delete announcement "Rascunho" (id ${draft.id}) without confirmation`,
    );
    expect(flat(res.stderr)).toContain(`atendo announcements delete ${draft.id} --yes`);
    expect((await announcementsJson()).some((a) => a.id === draft.id)).toBe(true);
  });

  it('delete asks on a terminal; no keeps it (exit 130), yes deletes it', async () => {
    const draft = (await announcementsJson()).find((a) => a.title === 'Rascunho')!;
    const no = await atendoOnTTY('n', 'announcements', 'delete', String(draft.id));
    expect(no.code).toBe(130);
    expect(no.stderr).toContain(`Delete announcement "Rascunho" (id ${draft.id})?`);
    expect((await announcementsJson()).some((a) => a.id === draft.id)).toBe(true);

    const yes = await atendoOnTTY('y', 'announcements', 'delete', String(draft.id));
    expect(yes.code).toBe(0);
    expect(flat(yes.stdout)).toContain(`Deleted announcement "Rascunho" (id ${draft.id}).`);
    expect((await announcementsJson()).some((a) => a.id === draft.id)).toBe(false);
  });

  it('delete --yes --json names what went; an unknown id fails, a non-number is a usage error', async () => {
    const withImage = (await announcementsJson()).find((a) => a.title === 'Com imagem')!;
    const res = await atendo('announcements', 'delete', String(withImage.id), '--yes', '--json');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ deleted: { id: withImage.id, title: 'Com imagem' } });

    const unknown = await atendo('announcements', 'delete', String(withImage.id), '--yes');
    expect(unknown.code).toBe(1);
    expect(flat(unknown.stderr)).toContain(
      `No announcement with id ${withImage.id}. (ERR_NOT_FOUND)`,
    );
    expect((await atendo('announcements', 'delete', 'first')).code).toBe(2);
  });

  it('a company admin is refused by every verb: it needs a super admin', async () => {
    const kept = await announcementsJson();
    for (const argv of [
      ['announcements', 'list'],
      ['announcements', 'create', '--title', 'De empresa', '--text', 'Não pode.'],
      ['announcements', 'delete', String(kept[0]!.id), '--yes', '--json'],
    ]) {
      const res = await atendoAs('demo', ...argv);
      expect(res.code).toBe(1);
      expect(res.stdout).toBe('');
      expect(flat(res.stderr)).toContain('This command needs a super admin.');
    }
    expect(await announcementsJson()).toEqual(kept);
  });
});

describe('invoices', () => {
  it("list shows every company's invoices, newest due date first: R$ values, Pago, Em aberto, Vencido", async () => {
    const res = await atendo('invoices', 'list');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const [header, , ...rows] = lines(res.stdout).filter((l) => l !== '');
    expect(header).toMatch(
      /^ID\s+Company\s+Detail\s+Users\s+Connections\s+Due date\s+Value\s+Status$/,
    );
    const company = (c: CompanyView) => `${c.name} \\(${c.id}\\)`;
    expect(rows).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\s*\\d+\\s+${company(tenant)}\\s+Plano Show\\s+4\\s+2\\s+2099-04-10\\s+R\\$ 1\\.234,50\\s+Em aberto$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^\\s*\\d+\\s+${company(demo)}\\s+Plano Show\\s+4\\s+2\\s+2099-02-10\\s+R\\$ 99,00\\s+Em aberto$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^\\s*\\d+\\s+${company(tenant)}\\s+Plano Show\\s+4\\s+2\\s+2099-01-10\\s+R\\$ 49,90\\s+Pago$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^\\s*\\d+\\s+${company(tenant)}\\s+Plano Show\\s+4\\s+2\\s+2020-01-10\\s+R\\$ 49,90\\s+Vencido$`,
        ),
      ),
    ]);
  });

  it('--company takes an id or a name, --status open or paid; --json prints the invoices', async () => {
    const byName = await atendo('invoices', 'list', '--company', 'fatura tenant', '--json');
    expect(byName.stderr).toBe('');
    expect(byName.code).toBe(0);
    const invoices = JSON.parse(byName.stdout) as InvoiceAdminView[];
    expect(invoices.map((i) => [i.dueDate, i.value, i.status])).toEqual([
      ['2099-04-10', '1234.50', 'open'],
      ['2099-01-10', '49.90', 'paid'],
      ['2020-01-10', '49.90', 'open'],
    ]);
    expect(invoices[0]).toMatchObject({ companyId: tenant.id, companyName: 'Fatura Tenant' });

    const paid = await atendo(
      'invoices',
      'list',
      '--company',
      String(tenant.id),
      '--status',
      'PAID',
    );
    expect(paid.code).toBe(0);
    const paidRows = lines(paid.stdout).filter((l) => /^\s*\d+\s/.test(l));
    expect(paidRows).toHaveLength(1);
    expect(paidRows[0]).toMatch(/2099-01-10\s+R\$ 49,90\s+Pago$/);

    const none = await atendo('invoices', 'list', '--company', 'Atendo');
    expect(none.code).toBe(0);
    expect(flat(none.stdout)).toContain('No invoices match.');
    expect(none.stdout).not.toContain('Due date');
  });

  it('refuses a bad --status (exit 2) and an unknown --company (exit 1)', async () => {
    const status = await atendo('invoices', 'list', '--status', 'overdue');
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('expected open or paid');
    const company = await atendo('invoices', 'list', '--company', 'Nobody');
    expect(company.code).toBe(1);
    expect(flat(company.stderr)).toContain('No company with id or name "Nobody".');
  });

  it('a company admin is refused: it needs a super admin', async () => {
    const res = await atendoAs('demo', 'invoices', 'list', '--json');
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(flat(res.stderr)).toContain('This command needs a super admin.');
  });
});

describe('companies show', () => {
  it('shows the plan, usage against its limits, the due date and the invoices', async () => {
    const res = await atendo('companies', 'show', 'Fatura Tenant');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = flat(res.stdout);
    expect(out).toContain(`Company Fatura Tenant (id ${tenant.id})`);
    expect(out).toContain('Status: active');
    expect(out).toContain(`Email: ${OWNER.email}`);
    expect(out).toMatch(/Plan: Show Plan \(id \d+\), R\$ 49,90/);
    expect(out).toContain('Users: 2 of 4');
    expect(out).toContain('Connections: 1 of 2');
    expect(out).toContain('Queues: 3 of 3, full');
    expect(out).toContain(`Due date: ${dueDate} (TRIMESTRAL)`);
    expect(out).toContain('Invoices: 3 (2 open)');

    const table = lines(res.stdout.slice(res.stdout.lastIndexOf('╯') + 1)).filter((l) => l);
    expect(table[0]).toMatch(/^ID\s+Detail\s+Users\s+Connections\s+Due date\s+Value\s+Status$/);
    expect(table.slice(2).map((l) => l.replace(/^\s*\d+\s+/, '').replace(/\s+/g, ' '))).toEqual([
      'Plano Show 4 2 2099-04-10 R$ 1.234,50 Em aberto',
      'Plano Show 4 2 2099-01-10 R$ 49,90 Pago',
      'Plano Show 4 2 2020-01-10 R$ 49,90 Vencido',
    ]);
  });

  it('--json gives the company, its usage and its invoices', async () => {
    const res = await atendo('companies', 'show', String(tenant.id), '--json');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const shown = JSON.parse(res.stdout) as {
      company: CompanyView;
      usage: unknown;
      invoices: InvoiceAdminView[];
    };
    expect(shown.company).toMatchObject({
      id: tenant.id,
      name: 'Fatura Tenant',
      recurrence: 'TRIMESTRAL',
      plan: { name: 'Show Plan', users: 4, connections: 2, queues: 3, amount: '49.90' },
    });
    expect(shown.usage).toEqual({
      users: { used: 2, limit: 4 },
      connections: { used: 1, limit: 2 },
      queues: { used: 3, limit: 3 },
    });
    expect(shown.invoices.map((i) => i.dueDate)).toEqual([
      '2099-04-10',
      '2099-01-10',
      '2020-01-10',
    ]);
  });

  it('a company without invoices shows no invoices table', async () => {
    const res = await atendo('companies', 'show', '1');
    expect(res.code).toBe(0);
    expect(flat(res.stdout)).toContain('Invoices: 0');
    expect(res.stdout).not.toContain('Due date  ');
  });

  it('refuses an unknown company and a company admin', async () => {
    const unknown = await atendo('companies', 'show', 'Nobody');
    expect(unknown.code).toBe(1);
    expect(flat(unknown.stderr)).toContain('No company with id or name "Nobody".');
    const demoAdmin = await atendoAs('demo', 'companies', 'show', String(demo.id));
    expect(demoAdmin.code).toBe(1);
    expect(demoAdmin.stdout).toBe('');
    expect(flat(demoAdmin.stderr)).toContain('This command needs a super admin.');
  });
});
