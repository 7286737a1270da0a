/**
 * Two operator instances against one real API server: only the Lease holder reconciles; when
 * it stops, the standby takes over; a leader that loses its Lease stops reconciling. Also the
 * probes and Prometheus metrics each instance serves.
 */
import { spawn } from 'node:child_process';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { sessionName } from '@atendo/cdk8s';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '../src/http-server.js';
import type { Operator } from '../src/operator.js';
import { reconcileCount } from './support/metrics.js';
import { freePort } from '@atendo/testing/ports';
import {
  eventually,
  INTERNAL_TOKEN,
  Resources,
  SESSION_IMAGE,
  startOperatorEnv,
  type OperatorEnv,
} from './support/operator-env.js';

const operatorDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

describe('operator: leader election between two instances', () => {
  let env: OperatorEnv;
  let res: Resources;
  let a: Operator;
  let b: Operator;
  let companyId: number;
  const servers: http.Server[] = [];
  const ns = 'atendo-ha';
  const LEASE = 'atendo-operator';

  const holder = async () =>
    (await env.coordination.readNamespacedLease({ name: LEASE, namespace: ns })).spec;
  const stsExists = (conn: string) =>
    res.exists('StatefulSet', sessionName({ metadata: { name: conn } }));
  const serve = async (operator: Operator) => {
    const server = await startHttpServer({
      port: 0,
      registry: operator.metrics.registry,
      isReady: () => operator.isReady(),
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    env = await startOperatorEnv(ns);
    res = new Resources(env);
    companyId = env.api.seedCompany('ha-company');
    a = env.startOperator('operator-a');
    await eventually(async () => a.isLeader(), { what: 'operator-a leading' });
    b = env.startOperator('operator-b');
  });

  afterAll(async () => {
    for (const server of servers) server.close();
    await env?.stop();
  });

  it('only the Lease holder reconciles; the standby never writes', async () => {
    await res.createConnection('first', { companyId, channel: 'whatsapp', displayName: 'First' });
    await eventually(() => stsExists('first'), { what: 'StatefulSet of first' });
    await eventually(async () => (await res.getConnection('first'))?.status?.phase === 'Starting');

    expect((await holder())?.holderIdentity).toBe('operator-a');
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);
    expect(await reconcileCount(a)).toBeGreaterThan(0);
    expect(await reconcileCount(b)).toBe(0);
    const events = await res.eventsFor('first');
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events.map((e) => e.reportingInstance))).toEqual(new Set(['operator-a']));

    // Probes and metrics of both instances.
    const [urlA, urlB] = [await serve(a), await serve(b)];
    for (const url of [urlA, urlB]) {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    }
    const metricsA = await (await fetch(`${urlA}/metrics`)).text();
    expect(metricsA).toMatch(/^atendo_operator_leader 1$/m);
    expect(metricsA).toMatch(
      /^atendo_operator_reconcile_total\{controller="connection",result="success"\} [1-9]/m,
    );
    expect(metricsA).toMatch(
      /^atendo_operator_reconcile_duration_seconds_count\{controller="connection"\} [1-9]/m,
    );
    expect(metricsA).toMatch(/^atendo_operator_workqueue_depth\{controller="connection"\} 0$/m);
    const metricsB = await (await fetch(`${urlB}/metrics`)).text();
    expect(metricsB).toMatch(/^atendo_operator_leader 0$/m);
    expect(metricsB).not.toMatch(/^atendo_operator_reconcile_total\{/m);
  });

  it('the standby takes over when the leader stops', async () => {
    const transitions = (await holder())?.leaseTransitions ?? 0;
    await a.stop();
    expect(a.isReconciling()).toBe(false);
    const countA = await reconcileCount(a);
    await eventually(async () => b.isLeader(), { what: 'operator-b leading', timeoutMs: 10_000 });
    const lease = await holder();
    expect(lease?.holderIdentity).toBe('operator-b');
    expect(lease?.leaseTransitions).toBe(transitions + 1);

    await res.createConnection('second', { companyId, channel: 'whatsapp', displayName: 'Second' });
    await eventually(() => stsExists('second'), { what: 'StatefulSet of second' });
    expect(await reconcileCount(b)).toBeGreaterThan(0);
    expect(await reconcileCount(a)).toBe(countA);
    const events = await res.eventsFor('second');
    expect(new Set(events.map((e) => e.reportingInstance))).toEqual(new Set(['operator-b']));
  });

  it('a leader that loses its Lease stops reconciling until it wins it back', async () => {
    // Someone else takes the Lease (as after a partition): operator-b must step down at once.
    // The leader renews the Lease meanwhile: on a version conflict, read it again and retry.
    await eventually(
      async () => {
        const lease = await env.coordination.readNamespacedLease({ name: LEASE, namespace: ns });
        try {
          await env.coordination.replaceNamespacedLease({
            name: LEASE,
            namespace: ns,
            body: { ...lease, spec: { ...lease.spec, holderIdentity: 'intruder' } },
          });
          return true;
        } catch (err) {
          if ((err as { code?: number }).code === 409) return false;
          throw err;
        }
      },
      { what: 'taking the Lease', timeoutMs: 10_000, intervalMs: 50 },
    );
    await eventually(async () => !b.isLeader() && !b.isReconciling(), {
      what: 'operator-b stepping down',
      timeoutMs: 5_000,
    });
    const countB = await reconcileCount(b);

    await res.createConnection('third', { companyId, channel: 'whatsapp', displayName: 'Third' });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await stsExists('third')).toBe(false);
    expect(await reconcileCount(b)).toBe(countB);

    // The intruder never renews: after the lease duration operator-b acquires it again.
    await eventually(async () => b.isLeader(), {
      what: 'operator-b leading again',
      timeoutMs: 15_000,
    });
    expect((await holder())?.holderIdentity).toBe('operator-b');
    await eventually(() => stsExists('third'), { what: 'StatefulSet of third' });
  });

  it('main.ts runs as a process: config from env, probes, metrics, leads, releases the Lease on SIGTERM', async () => {
    // Its own namespace and Lease, so it does not compete with the instances above.
    const mainNs = 'atendo-main';
    await env.core.createNamespace({ body: { metadata: { name: mainNs } } });
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: operatorDir,
      env: {
        PATH: process.env.PATH,
        KUBECONFIG: env.kube.kubeconfigPath,
        API_URL: env.api.url,
        INTERNAL_TOKEN,
        SESSION_IMAGE,
        NAMESPACE: mainNs,
        LEASE_NAME: 'atendo-operator-main',
        POD_NAME: 'operator-main-0',
        METRICS_PORT: String(port),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    try {
      const url = `http://127.0.0.1:${port}`;
      await eventually(
        async () =>
          (await fetch(`${url}/metrics`)).text().then((t) => /^atendo_operator_leader 1$/m.test(t)),
        {
          what: `main process leading (output: ${output.slice(-500)})`,
          timeoutMs: 45_000,
        },
      );
      // Ready once its caches synced (the leader gauge flips first).
      await eventually(async () => (await fetch(`${url}/readyz`)).status === 200, {
        what: 'main process ready',
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const lease = await env.coordination.readNamespacedLease({
        name: 'atendo-operator-main',
        namespace: mainNs,
      });
      expect(lease.spec?.holderIdentity).toBe('operator-main-0');
      expect(lease.spec?.leaseDurationSeconds).toBe(15);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const released = await env.coordination.readNamespacedLease({
        name: 'atendo-operator-main',
        namespace: mainNs,
      });
      expect(released.spec?.holderIdentity).toBeUndefined();
      // One JSON line per event, with key/value fields.
      const lines = output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['Operator starting', 'Became leader', 'Released lease', 'Stopped']),
      );
      expect(lines.find((l) => l.msg === 'Became leader')).toMatchObject({
        identity: 'operator-main-0',
        lease: 'atendo-operator-main',
      });
      expect(output).not.toContain(INTERNAL_TOKEN);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
