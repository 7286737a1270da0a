/**
 * Prometheus metrics of one operator instance, in its own registry (two instances can share a
 * process in tests without clobbering each other's counters).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The operator's metrics. */
export interface OperatorMetrics {
  registry: Registry;
  reconcileTotal: Counter<'controller' | 'result'>;
  reconcileErrors: Counter<'controller'>;
  reconcileDuration: Histogram<'controller'>;
  queueDepth: Gauge<'controller'>;
  leader: Gauge;
}

/** Creates the metrics in a fresh registry; `defaultMetrics` adds process/heap metrics. */
export function createMetrics(options: { defaultMetrics?: boolean } = {}): OperatorMetrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'atendo_operator_' });
  return {
    registry,
    reconcileTotal: new Counter({
      name: 'atendo_operator_reconcile_total',
      help: 'Reconciles run, by controller and result (success, requeue, error).',
      labelNames: ['controller', 'result'] as const,
      registers: [registry],
    }),
    reconcileErrors: new Counter({
      name: 'atendo_operator_reconcile_errors_total',
      help: 'Reconciles that failed and were requeued with backoff.',
      labelNames: ['controller'] as const,
      registers: [registry],
    }),
    reconcileDuration: new Histogram({
      name: 'atendo_operator_reconcile_duration_seconds',
      help: 'Time spent in one reconcile.',
      labelNames: ['controller'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: 'atendo_operator_workqueue_depth',
      help: 'Keys waiting in the work queue.',
      labelNames: ['controller'] as const,
      registers: [registry],
    }),
    leader: new Gauge({
      name: 'atendo_operator_leader',
      help: '1 while this instance holds the leader Lease, else 0.',
      registers: [registry],
    }),
  };
}
