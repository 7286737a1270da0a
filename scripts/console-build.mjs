// The built console `npm start` serves: `vite build` of web/ into <data dir>/console, redone only
// when what goes into the bundle changed. That is web/ itself, the workspace packages it imports
// (read from package.json, so a new dependency is followed without editing this file), the
// lockfile (a dependency upgrade) and the build's VITE_* environment. A content hash of those is
// kept beside the output; the same hash means the same bundle, so the ~10 s build is skipped.

import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './setup.mjs';

const SKIP = new Set(['node_modules', 'dist', '.vite', 'coverage']);

/** Workspace directories by package name, from the root package.json. */
function workspaces(root) {
  const { workspaces: dirs } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const byName = new Map();
  for (const dir of dirs) {
    const manifest = path.join(root, dir, 'package.json');
    if (fs.existsSync(manifest))
      byName.set(JSON.parse(fs.readFileSync(manifest, 'utf8')).name, dir);
  }
  return byName;
}

/** web/ and every workspace package it depends on, directly or not. */
export function consoleInputs(root = ROOT) {
  const byName = workspaces(root);
  const dirs = new Set();
  const visit = (dir) => {
    if (dirs.has(dir)) return;
    dirs.add(dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }))
      if (byName.has(name)) visit(byName.get(name));
  };
  visit('web');
  return [...dirs].sort();
}

function listFiles(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** One hash over every input file's path and content, and the build environment. */
export function consoleHash(env, root = ROOT) {
  const hash = crypto.createHash('sha256');
  const files = consoleInputs(root).flatMap((dir) => listFiles(path.join(root, dir), []));
  files.push(path.join(root, 'package-lock.json'), path.join(root, 'tsconfig.base.json'));
  for (const file of files.sort()) {
    if (!fs.existsSync(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  for (const name of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}

/**
 * Makes sure `<dataDir>/console` holds the build of the current sources. `onLine` receives
 * vite's output; `root` is the monorepo (another one in tests). Resolves with the directory, whether it was built now, and how long it took.
 */
export async function ensureConsoleBuild({ dataDir, env, onLine = () => {}, root = ROOT }) {
  const started = performance.now();
  const outDir = path.join(dataDir, 'console');
  const stamp = path.join(dataDir, 'console.hash');
  const hash = consoleHash(env, root);
  const current = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '';
  if (current === hash && fs.existsSync(path.join(outDir, 'index.html')))
    return { dir: outDir, built: false, ms: Math.round(performance.now() - started) };

  // A failed or interrupted build must not leave a stamp that claims the old output is current.
  fs.rmSync(stamp, { force: true });
  const localVite = path.join(root, 'web', 'node_modules', '.bin', 'vite');
  const vite = fs.existsSync(localVite)
    ? localVite
    : path.join(root, 'node_modules', '.bin', 'vite');
  const code = await new Promise((resolve) => {
    const child = spawn(vite, ['build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: path.join(root, 'web'),
      env: { ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) onLine(line);
      });
      stream.on('end', () => partial && onLine(partial));
    }
    child.once('error', (error) => {
      onLine(`failed to start vite: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) throw new Error(`the console build (vite build) failed with code ${code}`);
  fs.writeFileSync(stamp, `${hash}\n`);
  return { dir: outDir, built: true, ms: Math.round(performance.now() - started) };
}
