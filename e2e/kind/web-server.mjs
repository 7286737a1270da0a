/**
 * Serves the built console (WEB_ROOT) on PORT: static files, index.html for client-side routes,
 * /healthz for the probes. No dependencies, so the web image is node:20-slim plus the bundle.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const root = path.resolve(process.env.WEB_ROOT ?? 'dist');
const port = Number(process.env.PORT ?? 8080);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

function send(res, file) {
  const ext = path.extname(file);
  res.writeHead(200, {
    'content-type': types[ext] ?? 'application/octet-stream',
    // Hashed assets never change; index.html must always be revalidated.
    'cache-control': file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  fs.createReadStream(file).pipe(res);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  const file = path.resolve(root, `.${decodeURIComponent(url.pathname)}`);
  if (file.startsWith(root + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
    send(res, file);
    return;
  }
  send(res, path.join(root, 'index.html'));
});

server.listen(port, () => console.log(JSON.stringify({ msg: 'console served', port, root })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
