/**
 * Operator entry point: config, logs, Kubernetes client, the api's internal client, probes and
 * metrics, then leader election. SIGTERM/SIGINT stop reconciling, release the Lease and exit.
 */
import { KubeConfig } from '@kubernetes/client-node';
import { InternalApiClient } from './atendo-api/internal-api-client.js';
import { loadConfig } from './config.js';
import { startHttpServer } from './http-server.js';
import { createLogger } from './logger.js';
import { createMetrics } from './metrics.js';
import { Operator } from './operator.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const logger = createLogger(config.logLevel, { identity: config.identity });

  const kc = new KubeConfig();
  if (config.kubeconfig) kc.loadFromFile(config.kubeconfig);
  else kc.loadFromCluster();

  const metrics = createMetrics({ defaultMetrics: true });
  const operator = new Operator({
    kc,
    api: new InternalApiClient({ baseUrl: config.apiUrl, token: config.internalToken }),
    logger,
    metrics,
    settings: {
      namespace: config.namespace,
      identity: config.identity,
      lease: config.lease,
      workers: config.workers,
      resyncMs: config.resyncMs,
      session: config.session,
    },
  });
  const server = await startHttpServer({
    port: config.metricsPort,
    registry: metrics.registry,
    isReady: () => operator.isReady(),
  });
  logger.info(
    { metricsPort: config.metricsPort, lease: `${config.lease.namespace}/${config.lease.name}`, apiUrl: config.apiUrl },
    'Operator starting',
  );
  operator.start();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    operator
      .stop()
      .then(() => new Promise<void>((resolve) => server.close(() => resolve())))
      .then(() => {
        logger.info('Stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        logger.error({ err: (err as Error).message }, 'Shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
