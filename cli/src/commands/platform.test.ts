import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { formatMoney } from '../format.js';
import { run } from '../main.js';
import { captureIO } from '../testing/capture.js';

// The commands against the real api (embedded PostgreSQL, migrated and seeded), run in-process.
let platform: Platform;
let home: string;

beforeAll(async () => {
  platform = await startPlatform();
  home = await mkdtemp(join(tmpdir(), 'atendo-cli-'));
});
afterAll(async () => {
  await platform?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

/** Runs `atendo …` with its own config directory (one login per profile), without a TTY. */
async function atendo(profile: string, ...argv: string[]) {
  const { io, stdout, stderr } = captureIO({
    env: { XDG_CONFIG_HOME: join(home, profile), ATENDO_API_URL: platform.apiUrl },
  });
  const code = await run(argv, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

describe('as the super admin', () => {
  beforeAll(async () => {
    const res = await atendo(
      'super',
      'login',
      '--email',
      'admin@atendo.local',
      '--password',
      'admin123',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Logged in as');
  });

  it('saved the session readable by the owner only', async () => {
    const file = join(home, 'super', 'atendo', 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('companies list --json prints only the companies as JSON', async () => {
    const res = await atendo('super', 'companies', 'list', '--json');
    expect(res.code).toBe(0);
    const companies = JSON.parse(res.stdout) as { name: string }[];
    expect(companies.map((c) => c.name)).toEqual(expect.arrayContaining(['Atendo', 'Demo']));
  });

  it('companies list prints a table', async () => {
    const res = await atendo('super', 'companies', 'list');
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+Name\s+Email\s+Plan\s+Status\s+Due date\s+Recurrence$/);
    expect(lines.find((l) => /\bAtendo\b/.test(l))).toMatch(/\bactive\b.*2999-12-31/);
    expect(lines.some((l) => /\bDemo\b/.test(l))).toBe(true);
  });

  it('plans list shows every plan with its price and flags', async () => {
    const json = await atendo('super', 'plans', 'list', '--json');
    expect(json.code).toBe(0);
    const plans = JSON.parse(json.stdout) as {
      name: string;
      amount: string;
      useIntegrations: boolean;
      useWhatsapp: boolean;
    }[];
    const full = plans.find((p) => p.useWhatsapp && p.useIntegrations);
    expect(full).toBeDefined();

    const res = await atendo('super', 'plans', 'list');
    expect(res.code).toBe(0);
    expect(res.stdout.split('\n')[0]).toMatch(
      /^ID\s+Name\s+Users\s+Connections\s+Queues\s+Amount\s+Public\s+Flags$/,
    );
    const row = res.stdout.split('\n').find((l) => l.includes(full!.name));
    expect(row).toContain(formatMoney(full!.amount));
    expect(row).toContain(
      'whatsapp, facebook, instagram, campaigns, schedules, internalChat, externalApi, kanban, openAi, integrations',
    );
  });
});

describe('an expired access token', () => {
  it('is renewed with the saved refresh cookie and saved again', async () => {
    expect(
      (await atendo('renew', 'login', '--email', 'admin@atendo.local', '--password', 'admin123'))
        .code,
    ).toBe(0);
    const file = join(home, 'renew', 'atendo', 'credentials.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { token: string };
    await writeFile(file, JSON.stringify({ ...saved, token: 'no-longer-valid' }));

    const res = await atendo('renew', 'plans', 'list', '--json');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8')).token).not.toBe('no-longer-valid');
  });
});

describe('login', () => {
  it('with a wrong password fails with ERR_INVALID_CREDENTIALS and exit code 1', async () => {
    const res = await atendo(
      'wrong',
      'login',
      '--email',
      'admin@atendo.local',
      '--password',
      'not-the-password',
    );
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('Invalid email or password. (ERR_INVALID_CREDENTIALS)');
  });

  it('without a TTY and without --password exits 2 without prompting', async () => {
    const res = await atendo('notty', 'login', '--email', 'admin@atendo.local');
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('Missing --password');
    expect(res.stderr).not.toContain('?');
  });
});

describe('as a company admin (not super)', () => {
  it('logs in with a warning, then platform commands explain they need a super admin', async () => {
    const login = await atendo(
      'demo',
      'login',
      '--email',
      'admin@demo.atendo.local',
      '--password',
      'demo123',
      '--json',
    );
    expect(login.code).toBe(0);
    expect(JSON.parse(login.stdout)).toMatchObject({
      user: { email: 'admin@demo.atendo.local', super: false },
    });
    expect(login.stderr).toContain('is not a super admin');

    const res = await atendo('demo', 'companies', 'list');
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('This command needs a super admin.');
    expect(res.stderr).toContain('atendo login');
  });
});

describe('logout', () => {
  it('forgets the session', async () => {
    expect(
      (await atendo('bye', 'login', '--email', 'admin@atendo.local', '--password', 'admin123'))
        .code,
    ).toBe(0);
    const out = await atendo('bye', 'logout');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Logged out');
    const res = await atendo('bye', 'plans', 'list');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('You are not logged in.');
  });
});
