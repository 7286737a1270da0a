import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Router } from 'express';

/** Vite names every file under assets/ by its content hash: a cached copy is never stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Is this request a browser loading a page (rather than the console calling the api)?
 *
 * The api keeps the spec's paths at the root, so a client route like `/users` is also an api
 * path. Browsers mark page loads with `Sec-Fetch-Mode: navigate` (fetch/XHR send `cors` or
 * `same-origin`); where that header is absent (plain-http origins other than localhost, older
 * browsers) a page load is the request that prefers HTML to JSON. Only GET and HEAD, and never
 * a path whose last segment names a file (`/openapi.json`, an uploaded avatar opened in a tab):
 * the same rule as the history-API fallback of the Vite dev server.
 */
export function isNavigation(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (path.posix.basename(req.path).includes('.')) return false;
  const mode = req.get('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  return req.accepts(['application/json', 'text/html']) === 'text/html';
}

/**
 * Serves the built console (`vite build` output) on the api's origin: one origin for console,
 * REST and Socket.IO, so the refresh cookie is first-party and one port is exposed.
 *
 * - navigations get index.html, revalidated on every load (`no-cache`) so a new build shows;
 * - `/assets/*` are the hashed bundles, cached for a year;
 * - the few other top-level files of the build (favicon…) are served with `no-cache`;
 * - everything else falls through to the api untouched.
 */
export function serveConsole(dir: string): Router {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  if (!fs.statSync(index, { throwIfNoEntry: false })?.isFile())
    throw new Error(
      `CONSOLE_DIR=${dir} holds no index.html (build the console: npm run build -w @atendo/web)`,
    );
  // Listed once: api GETs should not each pay a file-system lookup for a file that never exists.
  const topFiles = new Set(
    fs
      .readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isFile() && e.name !== 'index.html' && !e.name.startsWith('.'))
      .map((e) => `/${e.name}`),
  );
  // Files are sent by their name under `root`, so `send` applies the dotfile rule to that name
  // only: the build may live under a dot folder (the default `./.atendo/console`), and a dotfile
  // inside the build is still refused.
  const sendOptions = {
    root,
    headers: { 'Cache-Control': 'no-cache' },
    dotfiles: 'deny' as const,
  };

  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(root, 'assets'), {
      index: false,
      redirect: false,
      setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
    }),
  );
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (topFiles.has(req.path)) return res.sendFile(req.path.slice(1), sendOptions);
    // The same path answers a page or JSON by these headers: caches must keep the two apart.
    res.vary('Sec-Fetch-Mode').vary('Accept');
    if (isNavigation(req)) return res.sendFile('index.html', sendOptions);
    next();
  });
  return router;
}
