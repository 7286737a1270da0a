/**
 * Idle memory of one session process (issue 8 target: ≤ 80 MB RSS). Starts the real session
 * program twice, as the session image runs it (the built bundle) and as a local child process
 * runs it (the sources through tsx), against a stand-in for the api's internal session routes that answers as for a fresh
 * connection (no proxy, no auth state yet), with ATENDO_WA_URL on a closed local port: Baileys
 * loads, opens its socket, fails, and backs off, as a session waiting for WhatsApp does. After
 * the idle wait it prints the process's RSS (VmRSS), its peak (VmHWM), and how much of it is
 * the process's own (RssAnon) and how much the shared file-backed pages (RssFile).
 * Figures only; nothing is asserted. Run: npm run bench:session-rss -w @atendo/bench
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IDLE_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** The internal routes a starting session calls, answered as for a brand-new connection. */
const calls: string[] = [];
const api = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    calls.push(`${req.method} ${req.url}`);
    const body = req.url?.endsWith('/config')
      ? { connectionId: 1, companyId: 1, proxyUrl: null }
      : req.url?.endsWith('/auth/read')
        ? { values: {} }
        : req.url?.endsWith('/status')
          ? { id: 1, status: 'OPENING' }
          : {};
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
});
await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
const apiPort = (api.address() as net.AddressInfo).port;
/** Starts the program one way, waits for /health, idles, and prints its memory. */
async function measure(
  label: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<void> {
  const controlPort = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ATENDO_API_URL: `http://127.0.0.1:${apiPort}`,
      ATENDO_CONNECTION_ID: '1',
      ATENDO_COMPANY_ID: '1',
      ATENDO_SESSION_TOKEN: 'bench-session-token',
      ATENDO_PORT: String(controlPort),
      ATENDO_WA_URL: `ws://127.0.0.1:${await freePort()}`,
      ATENDO_LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let healthyAt = 0;
  for (let i = 0; i < 300 && !healthyAt; i++) {
    const res = await fetch(`http://127.0.0.1:${controlPort}/health`).catch(() => null);
    if (res?.ok) healthyAt = Date.now();
    else await sleep(100);
  }
  if (!healthyAt) {
    child.kill('SIGKILL');
    throw new Error(`${label}: the session program never answered /health`);
  }
  calls.length = 0;
  await sleep(IDLE_MS);
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  const mb = (k: number) => (k / 1024).toFixed(1);
  console.log(
    `${label}: /health after ${healthyAt - started} ms; internal api calls while idle: ${calls.length}`,
  );
  console.log(
    `${label}: idle RSS after ${IDLE_MS / 1000} s: ${mb(kb('VmRSS'))} MB (peak ${mb(kb('VmHWM'))} MB; target ≤ 80 MB)`,
  );
  // RSS counts the mapped files' resident pages (mostly the node binary), which every session
  // process on the same machine shares through the page cache: the process's own memory is
  // its anonymous part.
  console.log(
    `${label}: of which anonymous ${mb(kb('RssAnon'))} MB (its own), file-backed ${mb(kb('RssFile'))} MB (node binary and libraries, shared by every session on the machine)`,
  );
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

// The session image runs the built bundle; a local child process runs the sources through tsx.
execFileSync('npm', ['run', 'build', '-w', '@atendo/session'], { cwd: ROOT, stdio: 'ignore' });
await measure('built (session image: node session/dist/main.mjs)', ['session/dist/main.mjs']);
// The session pod also caps glibc's malloc arenas (cdk8s session workload env).
await measure('built + MALLOC_ARENA_MAX=2 (session pod)', ['session/dist/main.mjs'], {
  MALLOC_ARENA_MAX: '2',
});
await measure('sources (local default: node --import tsx session/src/main.ts)', [
  '--import',
  'tsx',
  'session/src/main.ts',
]);
api.close();
