import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ptBR } from '@atendo/web/i18n';
import { freePort } from '@atendo/testing/ports';
import { launchChromium } from '../browser/support/chromium.js';

/**
 * The README's Quick start, as a newcomer follows it: a fresh `git clone`, `npm start` with the
 * default data directory (`./.atendo` inside the clone) and only the ports changed, the console
 * in a browser (sign in as the demo admin, open /tickets, see the demo's conversations from the
 * api), then Ctrl-C, after which nothing of it may still run.
 *
 * The clone is of the working tree: HEAD plus the uncommitted changes to tracked files (`git diff
 * HEAD`; a file not yet added to git is not in it), or `QUICKSTART_REF` when set (to show the
 * test failing on an older commit). The installed node_modules is reused, hard-linked, with the
 * lockfile hash that tells `npm start` it needs no install.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
/** Cold start: initdb, the console's production build, migrations and seed, on 2 busy cores. */
const BANNER_TIMEOUT_MS = 10 * 60_000;

let home: string;
let clone: string;
let npmStart: ChildProcess;
let output = '';
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
let ports: {
  PORT: number;
  EMBEDDED_PG_PORT: number;
  TEMPORAL_PORT: number;
  TEMPORAL_UI_PORT: number;
};
let browser: Browser | undefined;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** A clone of the working tree in a temp folder, with the installed node_modules linked in. */
function cloneWorkingTree(): string {
  const dir = path.join(home, 'atendo');
  const ref = process.env.QUICKSTART_REF || 'HEAD';
  const commit = git(ROOT, 'rev-parse', '--verify', `${ref}^{commit}`);
  git(home, 'clone', '--quiet', '--no-checkout', ROOT, dir);
  git(dir, 'checkout', '--quiet', '--detach', commit);
  if (!process.env.QUICKSTART_REF) {
    // The uncommitted changes to tracked files, as a patch (read-only, no objects written), where
    // `git stash create` once failed silently while the rest of the suite ran beside it.
    const diff = execFileSync('git', ['diff', 'HEAD', '--binary'], {
      cwd: ROOT,
      maxBuffer: 512 * 1024 * 1024,
    });
    if (diff.length > 0)
      execFileSync('git', ['apply', '--whitespace=nowarn'], { cwd: dir, input: diff });
  }
  const workspaces = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
  ).workspaces;
  for (const ws of ['.', ...workspaces]) {
    const from = path.join(ROOT, ws, 'node_modules');
    if (!fs.existsSync(from) || !fs.existsSync(path.join(dir, ws))) continue;
    const to = path.join(dir, ws, 'node_modules');
    try {
      execFileSync('cp', ['-al', from, to], { stdio: 'pipe' });
    } catch {
      // Another file system than the temp folder's: a copy, slower.
      fs.rmSync(to, { recursive: true, force: true });
      execFileSync('cp', ['-a', from, to]);
    }
  }
  // What `npm install` leaves behind for this lockfile (scripts/setup.mjs ensureNodeModules).
  const marker = path.join(dir, 'node_modules', '.atendo-lock.sha256');
  fs.rmSync(marker, { force: true });
  const lock = fs.readFileSync(path.join(dir, 'package-lock.json'));
  fs.writeFileSync(marker, `${createHash('sha256').update(lock).digest('hex')}\n`);
  return dir;
}

/** The environment of a newcomer's shell: nothing a test runner sets, the ports changed. */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (
      /^(VITEST|NODE_ENV$|TEST$|npm_|INIT_CWD$|DATA_DIR$|DATABASE_URL$|TEMPORAL_ADDRESS$)/.test(k)
    )
      continue;
    env[k] = v;
  }
  for (const [k, v] of Object.entries(ports)) env[k] = String(v);
  return env;
}

function waitForOutput(pattern: RegExp, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`no ${pattern} within ${ms / 1000}s; npm start printed:\n${tail()}`));
    }, ms);
    const poll = setInterval(() => {
      if (pattern.test(output)) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 250);
    void exited.then(({ code, signal }) => {
      if (pattern.test(output)) return;
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`npm start exited (${signal ?? code}) before ${pattern}:\n${tail()}`));
    });
  });
}

const tail = () => output.split('\n').slice(-60).join('\n');

/** Processes whose working directory or command line is inside the clone. */
function processesOfClone(): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (cwd.startsWith(clone) || cmd.includes(clone)) found.push(`${pid} ${cmd}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

beforeAll(async () => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-quickstart-'));
  clone = cloneWorkingTree();
  ports = {
    PORT: await freePort(),
    EMBEDDED_PG_PORT: await freePort(),
    TEMPORAL_PORT: await freePort(),
    TEMPORAL_UI_PORT: await freePort(),
  };
  // As typed in a terminal: its own process group, which Ctrl-C signals as a whole.
  npmStart = spawn('npm', ['start'], {
    cwd: clone,
    env: newcomerEnv(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [npmStart.stdout!, npmStart.stderr!])
    stream.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  exited = new Promise((resolve) =>
    npmStart.once('exit', (code, signal) => resolve({ code, signal })),
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (npmStart?.pid && npmStart.exitCode === null && npmStart.signalCode === null) {
    try {
      process.kill(-npmStart.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (clone) {
    for (const line of processesOfClone()) {
      try {
        process.kill(Number(line.split(' ')[0]), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  if (home) fs.rmSync(home, { recursive: true, force: true });
}, 60_000);

describe('the README Quick start on a fresh clone', () => {
  it(
    'npm start reaches its banner with the default data directory',
    async () => {
      await waitForOutput(/Atendo is running/, BANNER_TIMEOUT_MS);
      expect(output).toContain(`Console         http://localhost:${ports.PORT}`);
      // The default DATA_DIR: ./.atendo inside the clone, holding the database and the build.
      expect(fs.existsSync(path.join(clone, '.atendo', 'pg'))).toBe(true);
      expect(fs.existsSync(path.join(clone, '.atendo', 'console', 'index.html'))).toBe(true);
      // Nothing was installed: the reused node_modules was up to date.
      expect(output).not.toMatch(/npm install/);
    },
    BANNER_TIMEOUT_MS + 30_000,
  );

  it('the console loads, signs the demo admin in and shows the demo conversations on /tickets', async () => {
    browser = await launchChromium();
    const page = await browser.newPage();
    const url = `http://localhost:${ports.PORT}`;
    await page.goto(`${url}/`);
    await page.getByLabel(ptBR.login.email, { exact: true }).fill(DEMO_ADMIN.email);
    await page.getByLabel(ptBR.login.password, { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: ptBR.login.submit, exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
    await page.goto(`${url}/tickets`);
    // Rendered from the api's answers: the demo tenant's conversations, by contact, in the
    // ticket tabs the console opens on (Atendendo), then Aguardando.
    const texts = ptBR.tickets.list;
    await page.getByText('Ana Lima').first().waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: new RegExp(texts.tabs.pending) }).click();
    await page.getByText('Maria Souza').first().waitFor({ timeout: 30_000 });
    await page.getByText('João Pereira').first().waitFor({ timeout: 30_000 });
    expect(await page.getByText(texts.empty.title, { exact: true }).count()).toBe(0);
  });

  it('Ctrl-C stops every child and npm start exits 0', async () => {
    await browser?.close();
    browser = undefined;
    process.kill(-npmStart.pid!, 'SIGINT');
    const { code, signal } = await Promise.race([
      exited,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`still running 60 s after Ctrl-C:\n${tail()}`)), 60_000),
      ),
    ]);
    expect({ code, signal }, tail()).toEqual({ code: 0, signal: null });
    // Stopped in order, PostgreSQL cleanly and last, nobody killed for being slow.
    expect(output).toMatch(/PostgreSQL stopped[\s\S]*atendo\s+│ stopped\s*$/);
    expect(output).not.toMatch(/did not stop within|killing it/);
    expect(processesOfClone()).toEqual([]);
    for (const [name, port] of Object.entries(ports))
      expect(await listening(port), `${name} ${port} still listening`).toBe(false);
  }, 90_000);
});
