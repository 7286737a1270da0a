/**
 * The SRE's path on a real single-node cluster (docs/operations.md#local-cluster): the images
 * built here from packages, `helm install` of charts/atendo with in-cluster PostgreSQL and
 * Temporal, a Company and a Connection applied with kubectl, a connection created in the api,
 * session pods Running and reporting back, the console and a login through a port-forward, a
 * Connection deleted, a session pod killed, and `helm upgrade` rolling the deployments under a
 * loop of logins and list reads through the api's Service.
 *
 * It runs with `npm run test:cluster` (CI runs it after `npm test`), not in `npm test`: building
 * the images and the cluster takes minutes that would push `npm test` past its budget.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSkipReason, startNode, type KubeNode } from '@atendo/testing/kube-node';
import { freePort } from '@atendo/testing/ports';
import { APP_IMAGES, INFRA_IMAGES, buildImages, imageRef, saveImages } from './images.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TAG = 'dev';
const NS = 'atendo';
const ADMIN_EMAIL = 'admin@atendo.local';
const ADMIN_PASSWORD = 'cluster-admin-password';
const LOOP_EMAIL = 'roll@atendo.local';
const LOOP_PASSWORD = 'roll-user-password';

const skip = nodeSkipReason();
if (skip) console.warn(`[cluster] skipped: ${skip}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every second until it returns something other than undefined, false or ''. */
async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 180_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false && value !== '') return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(1_000);
  }
}

/** Kubernetes quantity ("768Mi", "1Gi", "512M") in bytes. */
function bytes(quantity: string): number {
  const m = /^(\d+(?:\.\d+)?)([KMGT]i?)?$/.exec(quantity);
  if (!m) throw new Error(`unexpected quantity ${quantity}`);
  const units: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 };
  const unit = m[2];
  if (!unit) return Number(m[1]);
  return Number(m[1]) * (units[unit] ?? 1000 ** ('KMGT'.indexOf(unit) + 1));
}

/** A container's peak memory from its cgroup (v1, cgroupfs: kubepods/<qos>/pod<uid>/<id>). */
function peakMemory(podUid: string, containerId: string | undefined): number | undefined {
  const id = containerId?.replace(/^containerd:\/\//, '');
  if (!id) return undefined;
  const root = '/sys/fs/cgroup/memory/kubepods';
  for (const qos of ['', 'burstable', 'besteffort']) {
    const file = path.join(root, qos, `pod${podUid}`, id, 'memory.max_usage_in_bytes');
    if (fs.existsSync(file)) return Number(fs.readFileSync(file, 'utf8'));
  }
  return undefined;
}

describe.skipIf(skip)('the chart, the operator and session pods on a single-node cluster', () => {
  let node: KubeNode;
  let forwardPort = 0;
  let portForward: ChildProcess | undefined;
  let apiService = '';
  let db: pg.Client | undefined;
  let dbForward: ChildProcess | undefined;
  let adminToken = '';
  const times: [string, number][] = [];
  const timed = async <T>(label: string, work: () => T | Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    times.push([label, (Date.now() - started) / 1000]);
    return result;
  };
  const kubectl = (...args: string[]) => node.kubectlRun(args);
  const json = <T>(...args: string[]) => JSON.parse(kubectl(...args, '-o', 'json')) as T;
  const forward = (namespace: string, target: string, port: number, remote: number) =>
    spawn(
      node.kubectl,
      [
        '--kubeconfig',
        node.kubeconfigPath,
        '-n',
        namespace,
        'port-forward',
        target,
        `${port}:${remote}`,
      ],
      { stdio: 'ignore' },
    );
  const login = async (base: string, email: string, password: string) => {
    const r = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (r.status !== 200) throw new Error(`login answered ${r.status}: ${await r.text()}`);
    return ((await r.json()) as { token: string }).token;
  };
  /** The connection row as the api stored it from the session's reports. */
  const connectionRow = async (name: string) =>
    (
      await db!.query<{ id: number; status: string; sessionEndpoint: string | null }>(
        'SELECT id, status, "sessionEndpoint" FROM whatsapps WHERE name = $1',
        [name],
      )
    ).rows[0];
  const sessionPods = () =>
    json<{ items: { metadata: { name: string; uid: string }; status: { phase: string } }[] }>(
      '-n',
      NS,
      'get',
      'pods',
      '-l',
      'app.kubernetes.io/name=atendo-session',
    ).items;

  beforeAll(async () => {
    const archive = path.join(os.tmpdir(), `atendo-images-${process.pid}.tar`);
    try {
      const names = [...APP_IMAGES, ...INFRA_IMAGES];
      // ATENDO_CLUSTER_REUSE_IMAGES=1 takes the images the last run built (while debugging the
      // cluster steps, not the images).
      const refs = process.env.ATENDO_CLUSTER_REUSE_IMAGES
        ? names.map((name) => imageRef(name, TAG))
        : (await timed('images (build)', () => buildImages({ tag: TAG, names }))).map((b) => b.ref);
      await timed('images (archive)', () => saveImages(refs, archive));
      node = await timed('cluster start', () => startNode());
      await timed('images (import)', () => node.importImages(archive));
    } finally {
      fs.rmSync(archive, { force: true });
    }
    await timed('postgres and temporal', () => {
      const infra = fs
        .readFileSync(path.join(ROOT, 'e2e', 'cluster', 'infra.yaml'), 'utf8')
        .replace(/:TAG$/gm, `:${TAG}`);
      node.kubectlRun(['apply', '-f', '-'], infra);
      kubectl('-n', 'atendo-infra', 'rollout', 'status', 'deploy/postgres', '--timeout=180s');
      kubectl('-n', 'atendo-infra', 'rollout', 'status', 'deploy/temporal', '--timeout=180s');
    });
    forwardPort = await freePort();
    await timed('helm install', () =>
      node.helmRun([
        'install',
        'atendo',
        path.join(ROOT, 'charts', 'atendo'),
        '--namespace',
        NS,
        '--create-namespace',
        '--set',
        `image.tag=${TAG}`,
        '--set',
        'image.pullPolicy=Never',
        '--set',
        `config.frontendUrl=http://localhost:${forwardPort}`,
        '--set',
        `config.adminEmail=${ADMIN_EMAIL}`,
        '--set',
        `auth.adminPassword=${ADMIN_PASSWORD}`,
        '--set',
        'externalDatabase.host=postgres.atendo-infra.svc.cluster.local',
        '--set',
        'externalDatabase.password=atendo-e2e',
        '--set',
        'externalTemporal.address=temporal.atendo-infra.svc.cluster.local:7233',
        '--set',
        'operator.replicaCount=1',
        '--wait',
        '--timeout',
        '10m',
      ]),
    );
    const svc = json<{ spec: { clusterIP: string } }>('-n', NS, 'get', 'svc', 'atendo-api');
    apiService = `http://${svc.spec.clusterIP}:8080`;
    portForward = forward(NS, 'svc/atendo-api', forwardPort, 8080);
    const dbPort = await freePort();
    dbForward = forward('atendo-infra', 'svc/postgres', dbPort, 5432);
    db = await until('PostgreSQL through a port-forward', async () => {
      const client = new pg.Client({
        host: '127.0.0.1',
        port: dbPort,
        user: 'atendo',
        password: 'atendo-e2e',
        database: 'atendo',
      });
      try {
        await client.connect();
        return client;
      } catch (err) {
        await client.end().catch(() => undefined);
        throw err;
      }
    });
  }, 60 * 60_000);

  afterAll(async () => {
    portForward?.kill();
    await db?.end().catch(() => undefined);
    dbForward?.kill();
    if (node) {
      try {
        console.log(kubectl('get', 'pods', '-A', '-o', 'wide'));
      } catch {
        // the cluster may not have come up
      }
      await node.stop();
    }
    console.log(
      `[cluster] times:\n${times.map(([l, s]) => `  ${l.padEnd(24)}${s.toFixed(0).padStart(6)} s`).join('\n')}`,
    );
  }, 5 * 60_000);

  it('serves the console and a login through a port-forward of the api', async () => {
    const base = `http://127.0.0.1:${forwardPort}`;
    await until('the api through the port-forward', async () => (await fetch(`${base}/health`)).ok);
    // A browser's page load (fetch would send its own Sec-Fetch-Mode: cors).
    const page = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(
          `${base}/tickets`,
          { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        )
        .on('error', reject);
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    adminToken = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(adminToken).toMatch(/^ey/);
  });

  it('provisions a Company applied with kubectl and runs its Connection in a session pod', async () => {
    kubectl('apply', '-f', path.join(ROOT, 'e2e', 'kind', 'samples', 'company.yaml'));
    const companyId = await until('the operator to provision Company acme', () =>
      kubectl('get', 'company', 'acme', '-o', 'jsonpath={.status.companyId}').trim(),
    );
    const company = await db!.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [
      Number(companyId),
    ]);
    const all = await db!.query<{ id: number; name: string }>('SELECT id, name FROM companies');
    expect(company.rows[0]?.name, JSON.stringify(all.rows)).toBe('Acme Ltda');

    const manifest = fs
      .readFileSync(path.join(ROOT, 'e2e', 'kind', 'samples', 'connection.yaml'), 'utf8')
      .replace(/^(\s*companyId:) COMPANY_ID$/m, `$1 ${companyId}`);
    node.kubectlRun(['apply', '-f', '-'], manifest);
    await until('pod session-acme-whatsapp-0', () =>
      sessionPods().some((p) => p.metadata.name === 'session-acme-whatsapp-0'),
    );
    kubectl(
      '-n',
      NS,
      'wait',
      '--for=condition=Ready',
      'pod/session-acme-whatsapp-0',
      '--timeout=300s',
    );
    await until('Connection acme-whatsapp ready', () =>
      kubectl('-n', NS, 'get', 'connection', 'acme-whatsapp', '-o', 'jsonpath={.status.ready}') ===
      'true'
        ? true
        : undefined,
    );
    // The session reported to the api where its control server answers (only its own report
    // carries this) and that it is opening its WhatsApp socket.
    const row = await until('the session to report to the api', async () => {
      const r = await connectionRow('Suporte Acme');
      return r?.sessionEndpoint ? r : undefined;
    });
    expect(row.sessionEndpoint).toContain('session-acme-whatsapp');
    expect(row.status).toBe('OPENING');
  });

  it('runs a connection created in the api (SESSION_RUNTIME=kubernetes) in its own pod', async () => {
    const created = await fetch(`${apiService}/whatsapp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Plataforma', channel: 'whatsapp' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id, companyId } = (await created.json()) as { id: number; companyId: number };
    const name = `conn-${companyId}-${id}`;
    kubectl('-n', NS, 'get', 'connection', name);
    await until(`pod session-${name}-0`, () =>
      sessionPods().some((p) => p.metadata.name === `session-${name}-0`),
    );
    kubectl('-n', NS, 'wait', '--for=condition=Ready', `pod/session-${name}-0`, '--timeout=300s');
    await until('its session to report to the api', async () =>
      (await connectionRow('Plataforma'))?.sessionEndpoint?.includes(`session-${name}`),
    );
  });

  it('recreates a killed session pod, which reports to the api again', async () => {
    const before = sessionPods().find((p) => p.metadata.name === 'session-acme-whatsapp-0')!;
    await db!.query(`UPDATE whatsapps SET "sessionEndpoint" = NULL WHERE name = 'Suporte Acme'`);
    kubectl('-n', NS, 'delete', 'pod', 'session-acme-whatsapp-0', '--grace-period=0', '--force');
    await until('a new session pod', () =>
      sessionPods().some(
        (p) =>
          p.metadata.name === 'session-acme-whatsapp-0' && p.metadata.uid !== before.metadata.uid,
      ),
    );
    kubectl(
      '-n',
      NS,
      'wait',
      '--for=condition=Ready',
      'pod/session-acme-whatsapp-0',
      '--timeout=300s',
    );
    await until('the new session to report to the api', async () =>
      (await connectionRow('Suporte Acme'))?.sessionEndpoint?.includes('session-acme-whatsapp'),
    );
  });

  it('removes the pod and its secret when the Connection is deleted', async () => {
    kubectl('-n', NS, 'delete', 'connection', 'acme-whatsapp', '--wait=true', '--timeout=120s');
    await until('the session pod and its secret to go', () => {
      const pods = sessionPods().filter((p) => p.metadata.name.startsWith('session-acme-whatsapp'));
      const secrets = kubectl('-n', NS, 'get', 'secrets', '-o', 'name');
      return pods.length === 0 && !secrets.includes('secret/session-acme-whatsapp');
    });
  });

  it('keeps every pod within its memory limit, with no restart', () => {
    type Pod = {
      metadata: { name: string; uid: string };
      spec: { containers: { name: string; resources?: { limits?: { memory?: string } } }[] };
      status: {
        containerStatuses?: { name: string; restartCount: number; containerID?: string }[];
      };
    };
    const pods = json<{ items: Pod[] }>('-n', NS, 'get', 'pods').items;
    const lines: string[] = [];
    for (const pod of pods) {
      for (const c of pod.status.containerStatuses ?? []) {
        expect(c.restartCount, `${pod.metadata.name} restarts`).toBe(0);
        const limit = pod.spec.containers.find((x) => x.name === c.name)?.resources?.limits?.memory;
        const peak = peakMemory(pod.metadata.uid, c.containerID);
        lines.push(
          `  ${pod.metadata.name.padEnd(36)} peak ${peak === undefined ? '?' : `${(peak / 2 ** 20).toFixed(0)} MiB`} of ${limit ?? 'no limit'}`,
        );
        if (peak !== undefined && limit) expect(peak, pod.metadata.name).toBeLessThan(bytes(limit));
      }
    }
    console.log(`[cluster] memory (cgroup peak) per container:\n${lines.join('\n')}`);
  });

  it('gives the api and the operator every permission they used (RBAC)', () => {
    for (const deploy of ['atendo-api', 'atendo-operator']) {
      const logs = kubectl('-n', NS, 'logs', `deploy/${deploy}`, '--tail=-1');
      expect(logs, deploy).not.toMatch(
        /forbidden|cannot (get|list|watch|create|update|patch|delete)/i,
      );
    }
  });

  it('rolls every deployment on helm upgrade with no failed request', async () => {
    // A user of its own for the loop's logins (each e-mail has its own login rate limit).
    const made = await fetch(`${apiService}/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Roll',
        email: LOOP_EMAIL,
        password: LOOP_PASSWORD,
        profile: 'user',
      }),
    });
    expect(made.ok, await made.clone().text()).toBe(true);
    const podsBefore = new Set(
      json<{ items: { metadata: { name: string } }[] }>('-n', NS, 'get', 'pods').items.map(
        (p) => p.metadata.name,
      ),
    );

    const results = { ok: 0, failed: [] as string[], slowestMs: 0 };
    let rolling = true;
    const loop = (async () => {
      let token = await login(apiService, LOOP_EMAIL, LOOP_PASSWORD);
      let lastLogin = Date.now();
      while (rolling) {
        try {
          if (Date.now() - lastLogin > 8_000) {
            token = await login(apiService, LOOP_EMAIL, LOOP_PASSWORD);
            lastLogin = Date.now();
            results.ok++;
          }
          const started = Date.now();
          const r = await fetch(`${apiService}/tickets?status=open&showAll=true`, {
            headers: { authorization: `Bearer ${token}` },
          });
          results.slowestMs = Math.max(results.slowestMs, Date.now() - started);
          if (r.status === 200) results.ok++;
          else results.failed.push(`GET /tickets ${r.status}`);
          await r.arrayBuffer();
        } catch (err) {
          results.failed.push(String(err));
        }
        await sleep(200);
      }
    })();

    await timed('helm upgrade', () =>
      node.helmRun([
        'upgrade',
        'atendo',
        path.join(ROOT, 'charts', 'atendo'),
        '--namespace',
        NS,
        '--reuse-values',
        '--set',
        'config.logLevel=debug',
        '--wait',
        '--timeout',
        '10m',
      ]),
    );
    for (const deploy of ['atendo-api', 'atendo-worker', 'atendo-operator'])
      kubectl('-n', NS, 'rollout', 'status', `deploy/${deploy}`, '--timeout=300s');
    await sleep(5_000);
    rolling = false;
    await loop;
    console.log(
      `[cluster] during the roll: ${results.ok} requests answered, ${results.failed.length} failed, slowest ${results.slowestMs} ms`,
    );

    // Pods still terminating (the api's preStop wait) are on their way out.
    const podsAfter = json<{
      items: { metadata: { name: string; deletionTimestamp?: string } }[];
    }>('-n', NS, 'get', 'pods', '-l', 'app.kubernetes.io/instance=atendo')
      .items.filter((p) => !p.metadata.deletionTimestamp)
      .map((p) => p.metadata.name);
    for (const component of ['atendo-api-', 'atendo-worker-', 'atendo-operator-']) {
      const current = podsAfter.filter((n) => n.startsWith(component));
      expect(current.length, component).toBeGreaterThan(0);
      expect(
        current.some((n) => podsBefore.has(n)),
        `${component} pods were replaced`,
      ).toBe(false);
    }
    expect(results.failed).toEqual([]);
    expect(results.ok).toBeGreaterThan(10);
  });
});
