/**
 * Start-up benchmark: runs `npm start` (scripts/start.mjs) as a person would, everything
 * installed, with its data (PostgreSQL cluster, Temporal db, console build, uploads) in a fresh
 * temporary directory and every port free, and prints
 *   - cold start: a first start (initdb, console build, migrations, seed) until the api and the
 *     console answer and until start.mjs reports the platform running;
 *   - warm start: a second start on the same data (console build up to date);
 *   - idle RSS of each child once the console has been loaded once and the platform left alone;
 *   - the same for `npm run dev` (the console on the Vite dev server), for comparison.
 * Figures only; nothing is asserted. Run: npm run bench:start -w @atendo/bench
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IDLE_MS = 15_000;
const READY_TIMEOUT_MS = 300_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The console's HTML as a browser's page load gets it. Not fetch: undici sends
 * `Sec-Fetch-Mode: cors`, which the api rightly answers as an api call.
 */
function pageLoad(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { accept: 'text/html', 'sec-fetch-mode': 'navigate' };
    const req = http.get(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve(res.statusCode === 200 ? body : ''));
    });
    req.on('error', reject);
  });
}

/** Polls until `check` holds; resolves with the ms since `t0`. */
async function until(
  t0: number,
  check: () => Promise<boolean>,
  child: ChildProcess,
): Promise<number> {
  const end = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return performance.now() - t0;
    await sleep(100);
  }
  throw new Error('the platform was not ready in time');
}

/** Every process below `pid`, each with the command line of its ancestor among pid's children. */
function descendants(pid: number): { pid: number; top: string }[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: { pid: number; top: string }[] = [];
  const walk = (p: number, top: string | undefined) => {
    for (const c of parents.get(p) ?? []) {
      let cmd: string;
      try {
        cmd = fs.readFileSync(`/proc/${c}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        continue;
      }
      out.push({ pid: c, top: top ?? cmd });
      walk(c, top ?? cmd);
    }
  };
  walk(pid, undefined);
  return out;
}

function rssMiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Which child of `npm start` a process tree is, by the command line of its root. */
function role(cmd: string, dev: boolean): string {
  // From its bundle (npm start) or its sources through tsx (npm run dev).
  if (/api\/(src\/main\.ts|dist\/main\.mjs)/.test(cmd)) return dev ? 'api' : 'api (+ console)';
  if (/workflows\/(src\/worker\.ts|dist\/main\.mjs)/.test(cmd)) return 'worker';
  if (cmd.includes('scripts/postgres.ts')) return 'postgres';
  if (/temporal server/.test(cmd)) return 'temporal';
  if (/\bvite\b/.test(cmd)) return 'web (vite dev)';
  return 'other';
}

interface Run {
  label: string;
  apiMs: number;
  consoleMs: number;
  runningMs: number;
  childTimes: string[];
  rss: Map<string, number>;
}

/** One `npm start` (or `npm run dev`) in `dataDir`; stopped again before resolving. */
async function run(label: string, dataDir: string, dev: boolean): Promise<Run> {
  const [apiPort, pgPort, temporalPort, uiPort, webPort] = await Promise.all(
    Array.from({ length: 5 }, freePort),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    DATA_DIR: dataDir,
    UPLOAD_DIR: path.join(dataDir, 'public'),
    PORT: String(apiPort),
    EMBEDDED_PG_PORT: String(pgPort),
    TEMPORAL_PORT: String(temporalPort),
    TEMPORAL_UI_PORT: String(uiPort),
    WEB_PORT: String(webPort),
  };
  for (const name of [
    'DATABASE_URL',
    'TEMPORAL_ADDRESS',
    'FRONTEND_URL',
    'VITE_API_URL',
    'CONSOLE_DIR',
  ])
    delete env[name];
  const t0 = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs', ...(dev ? ['--dev'] : [])], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let runningMs = 0;
  const childTimes: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    for (const line of chunk.split('\n')) {
      const ready = /atendo\s+│ (.+ (ready|built) in \d+ ms|console build up to date.*)$/.exec(
        line,
      );
      if (ready) childTimes.push(ready[1]!);
      if (line.includes('Atendo is running')) runningMs = performance.now() - t0;
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  try {
    const consoleUrl = `http://127.0.0.1:${dev ? webPort : apiPort}/`;
    const [apiMs, consoleMs] = await Promise.all([
      until(t0, async () => (await fetch(`http://127.0.0.1:${apiPort}/version`)).ok, child),
      until(t0, async () => (await pageLoad(consoleUrl)).includes('<div id="root">'), child),
    ]);
    await until(t0, () => Promise.resolve(runningMs > 0), child);
    // Load the console once, as a browser's first visit would (page, then what it references).
    const page = await pageLoad(consoleUrl);
    for (const ref of page.matchAll(/(?:src|href)="(\/[^"]+)"/g))
      await (await fetch(new URL(ref[1]!, consoleUrl))).arrayBuffer();
    await sleep(IDLE_MS);
    const rss = new Map<string, number>();
    for (const p of descendants(child.pid!)) {
      const r = role(p.top, dev);
      rss.set(r, (rss.get(r) ?? 0) + rssMiB(p.pid));
    }
    rss.set('npm start itself', rssMiB(child.pid!));
    return { label, apiMs, consoleMs, runningMs, childTimes, rss };
  } catch (error) {
    process.stderr.write(output.split('\n').slice(-40).join('\n') + '\n');
    throw error;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
    await exited;
  }
}

function print(r: Run) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`\n${r.label}`);
  console.log(`  api answers        ${s(r.apiMs)}`);
  console.log(`  console answers    ${s(r.consoleMs)}`);
  console.log(`  "Atendo is running" ${s(r.runningMs)} (worker ready too)`);
  for (const t of r.childTimes) console.log(`    ${t}`);
  console.log(
    `  idle RSS (MiB), ${IDLE_MS / 1000} s after one load of the page and what it references:`,
  );
  let total = 0;
  for (const [name, mib] of [...r.rss].sort((a, b) => b[1] - a[1])) {
    total += mib;
    console.log(`    ${name.padEnd(20)} ${mib.toFixed(0).padStart(5)}`);
  }
  console.log(`    ${'total'.padEnd(20)} ${total.toFixed(0).padStart(5)}`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-start-bench-'));
try {
  console.log(`npm start benchmark (${os.cpus().length} cores, data in ${dataDir})`);
  print(
    await run(
      'npm start, cold (fresh data dir: initdb, console build, migrations, seed)',
      dataDir,
      false,
    ),
  );
  print(await run('npm start, warm (same data dir; console build up to date)', dataDir, false));
  // Without a browser only the entry module is transformed: a real page load makes Vite
  // transform the whole module graph, so its figure here is a floor.
  print(
    await run(
      'npm run dev, warm (console on the Vite dev server; its RSS is a floor)',
      dataDir,
      true,
    ),
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
