/**
 * Probes and metrics: /healthz (the process is alive), /readyz (a standby, or a leader whose
 * caches synced), /metrics (Prometheus text format).
 */
import http from 'node:http';
import type { Registry } from 'prom-client';

export interface HttpServerOptions {
  port: number;
  registry: Registry;
  isReady: () => boolean;
}

/** Starts the server; resolves once it listens (port 0 picks a free port). */
export async function startHttpServer(options: HttpServerOptions): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') {
      res.writeHead(405).end();
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    } else if (path === '/readyz') {
      const ready = options.isReady();
      res.writeHead(ready ? 200 : 503, { 'content-type': 'text/plain' }).end(ready ? 'ok' : 'not ready');
    } else if (path === '/metrics') {
      options.registry
        .metrics()
        .then((body) => res.writeHead(200, { 'content-type': options.registry.contentType }).end(body))
        .catch(() => res.writeHead(500).end());
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, () => resolve());
  });
  return server;
}
