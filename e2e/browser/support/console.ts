import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Builds the console with `vite build` against `apiUrl`, into a fresh temporary folder. */
export async function buildConsole(apiUrl: string): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-console-'));
  let output = '';
  const child = spawn(
    process.execPath,
    [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: path.join(ROOT, 'web'),
      env: { ...process.env, VITE_API_URL: apiUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${output}`);
  return outDir;
}

/** Serves a built console on loopback, answering unknown paths with index.html (client routes). */
export async function serveConsole(
  dir: string,
  port = 0,
): Promise<{ url: string; stop(): Promise<void> }> {
  const index = path.join(dir, 'index.html');
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, path.normalize(pathname));
    const target =
      file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : index;
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream',
    });
    fs.createReadStream(target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
