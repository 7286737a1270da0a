/**
 * The operator against a real kube-apiserver (etcd, kube-controller-manager's garbage
 * collector) and a fake of the api's internal endpoints: Company provisioning, the Connection's
 * session objects, readiness, suspend/resume, company suspension, api failures, restart,
 * deletion through the finalizer, and schema validation.
 */
import crypto from 'node:crypto';
import { sessionName, SESSION_SECRET_KEYS, type Connection } from '@atendo/cdk8s';
import { ApiException, type V1OwnerReference } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LOGOUT_FINALIZER } from '../src/controllers/connection.js';
import type { Operator } from '../src/operator.js';
import { reconcileCount } from './support/metrics.js';
import { eventually, Resources, SESSION_IMAGE, startOperatorEnv, type OperatorEnv } from './support/operator-env.js';

describe('operator: Company and Connection lifecycle', () => {
  let env: OperatorEnv;
  let res: Resources;
  let operator: Operator;
  let companyId: number;
  const ns = 'atendo-lifecycle';

  const condition = (conn: Connection | undefined, type: string) =>
    conn?.status?.conditions?.find((c) => c.type === type);
  const statefulSet = (name: string) => env.apps.readNamespacedStatefulSet({ name: sessionName({ metadata: { name } }), namespace: ns });
  const waitForPhase = (name: string, phase: string, extra: (c: Connection) => boolean = () => true) =>
    eventually(
      async () => {
        const conn = await res.getConnection(name);
        return conn?.status?.phase === phase && extra(conn) ? conn : undefined;
      },
      { what: `connection ${name} phase ${phase}` },
    );
  const waitForReplicas = (name: string, replicas: number) =>
    eventually(async () => ((await statefulSet(name)).spec?.replicas === replicas ? true : undefined), {
      what: `StatefulSet of ${name} at ${replicas} replicas`,
    });
  const touchConnection = (name: string) => res.touch('Connection', name);

  beforeAll(async () => {
    env = await startOperatorEnv(ns);
    res = new Resources(env);
    operator = env.startOperator('operator-a');
    await eventually(async () => operator.isLeader(), { what: 'operator-a leading' });
  });

  afterAll(async () => {
    await env?.stop();
  });

  it('provisions a Company in the api and mirrors the answer into its status', async () => {
    await res.createCompany('acme', { displayName: 'Acme Ltda', adminEmail: 'admin@acme.test', plan: 'pro' });
    const company = await eventually(
      async () => {
        const c = await res.getCompany('acme');
        return c.status?.phase === 'Active' ? c : undefined;
      },
      { what: 'company Active' },
    );
    companyId = company.status?.companyId as number;
    expect(env.api.companies.get('acme')?.id).toBe(companyId);
    expect(env.api.callsTo('PUT', /^\/internal\/companies\/acme$/)[0]?.body).toMatchObject({
      displayName: 'Acme Ltda',
      adminEmail: 'admin@acme.test',
      plan: 'pro',
      active: true,
      timezone: 'America/Sao_Paulo', // the CRD's default, applied by the API server
    });
    expect(company.status).toMatchObject({
      active: true,
      plan: 'pro',
      dueDate: '2099-12-31',
      observedGeneration: company.metadata.generation,
    });
    const types = Object.fromEntries((company.status?.conditions ?? []).map((c) => [c.type, c.status]));
    expect(types).toMatchObject({ Provisioned: 'True', Synced: 'True', Ready: 'True', Suspended: 'False' });
    expect((await res.eventsFor('acme')).map((e) => e.reason)).toContain('Provisioned');
  });

  it('creates the session StatefulSet, Service and Secret owned by the Connection, with the finalizer', async () => {
    const created = await res.createConnection('support', {
      companyId,
      companyRef: { name: 'acme' },
      channel: 'whatsapp',
      displayName: 'Support',
    });
    const name = sessionName(created);
    await eventually(
      async () =>
        (await res.exists('StatefulSet', name)) && (await res.exists('Service', name)) && (await res.exists('Secret', name)),
      { what: 'session objects' },
    );
    const expectedOwner: V1OwnerReference = {
      apiVersion: 'atendo.io/v1alpha1',
      kind: 'Connection',
      name: 'support',
      uid: created.metadata.uid as string,
      controller: true,
      blockOwnerDeletion: true,
    };
    const sts = await env.apps.readNamespacedStatefulSet({ name, namespace: ns });
    const svc = await env.core.readNamespacedService({ name, namespace: ns });
    const secret = await env.core.readNamespacedSecret({ name, namespace: ns });
    for (const obj of [sts, svc, secret]) expect(obj.metadata?.ownerReferences).toEqual([expectedOwner]);
    expect(sts.spec?.replicas).toBe(1);
    expect(sts.spec?.template.spec?.containers[0]?.image).toBe(SESSION_IMAGE);
    expect(svc.spec?.clusterIP).toBe('None');

    const conn = await waitForPhase('support', 'Starting');
    expect(conn.metadata.finalizers).toContain(SESSION_LOGOUT_FINALIZER);
    const registered = [...env.api.connections.values()].find((c) => c.resourceName === 'support');
    expect(registered).toMatchObject({ companyId, channel: 'whatsapp', displayName: 'Support' });
    expect(conn.status?.connectionId).toBe(registered?.id);
    expect(conn.status?.ready).toBe(false);
    expect(condition(conn, 'Ready')).toMatchObject({ status: 'False', reason: 'SessionStarting' });

    // The Secret holds the token the api issued (the api keeps only its hash).
    const token = Buffer.from(secret.data?.[SESSION_SECRET_KEYS.token] ?? '', 'base64').toString();
    expect(crypto.createHash('sha256').update(token).digest('hex')).toBe(registered?.tokenHash);
    expect(Buffer.from(secret.data?.[SESSION_SECRET_KEYS.connectionId] ?? '', 'base64').toString()).toBe(String(registered?.id));
    expect(env.api.callsTo('POST', /session-credentials$/)).toHaveLength(1);

    const reasons = (await res.eventsFor('support')).map((e) => `${e.reason}: ${e.message}`);
    expect(reasons).toContain(`Created: Created StatefulSet ${name} with 1 replica(s)`);
    expect(reasons).toContain('Registered: Registered in the api as connection ' + registered?.id);
  });

  it('is idempotent: reconciling again rotates no token and writes nothing', async () => {
    const name = sessionName({ metadata: { name: 'support' } });
    const before = {
      sts: (await env.apps.readNamespacedStatefulSet({ name, namespace: ns })).metadata?.resourceVersion,
      secret: (await env.core.readNamespacedSecret({ name, namespace: ns })).metadata?.resourceVersion,
      svc: (await env.core.readNamespacedService({ name, namespace: ns })).metadata?.resourceVersion,
    };
    const count = await reconcileCount(operator, 'connection');
    await touchConnection('support');
    await eventually(async () => (await reconcileCount(operator, 'connection')) > count, { what: 'a reconcile' });
    await new Promise((r) => setTimeout(r, 300));
    const conn = await res.getConnection('support');
    expect({
      sts: (await env.apps.readNamespacedStatefulSet({ name, namespace: ns })).metadata?.resourceVersion,
      secret: (await env.core.readNamespacedSecret({ name, namespace: ns })).metadata?.resourceVersion,
      svc: (await env.core.readNamespacedService({ name, namespace: ns })).metadata?.resourceVersion,
    }).toEqual(before);
    expect(env.api.callsTo('POST', /session-credentials$/)).toHaveLength(1);
    expect(conn?.status?.phase).toBe('Starting');
    // Idle means idle: no status write re-triggering reconciles (no hot loop).
    const settled = await reconcileCount(operator, 'connection');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await reconcileCount(operator, 'connection')).toBe(settled);
    expect((await res.getConnection('support'))?.metadata.resourceVersion).toBe(conn?.metadata.resourceVersion);
  });

  it('becomes Ready when the StatefulSet reports a ready pod', async () => {
    await res.setStatefulSetReadyReplicas(sessionName({ metadata: { name: 'support' } }), 1);
    const conn = await waitForPhase('support', 'Running');
    expect(conn.status?.ready).toBe(true);
    expect(conn.status?.observedGeneration).toBe(conn.metadata.generation);
    expect(condition(conn, 'Ready')).toMatchObject({ status: 'True', reason: 'SessionReady' });
    expect(condition(conn, 'SessionRunning')).toMatchObject({ status: 'True', reason: 'PodReady' });
    expect(condition(conn, 'Degraded')).toMatchObject({ status: 'False' });
  });

  it('scales the session to 0 when suspended and back to 1 when resumed', async () => {
    await res.patchConnectionSpec('support', { suspended: true });
    await waitForReplicas('support', 0);
    const suspended = await waitForPhase('support', 'Suspended');
    expect(condition(suspended, 'Ready')).toMatchObject({ status: 'False', reason: 'Suspended' });
    expect(suspended.status?.ready).toBe(false);
    expect((await res.eventsFor('support')).map((e) => e.reason)).toContain('Suspended');

    await res.patchConnectionSpec('support', { suspended: false });
    await waitForReplicas('support', 1);
    await waitForPhase('support', 'Starting');
    await res.setStatefulSetReadyReplicas(sessionName({ metadata: { name: 'support' } }), 1);
    await waitForPhase('support', 'Running');
    expect((await res.eventsFor('support')).map((e) => e.reason)).toContain('Resumed');
  });

  it("scales a company's connections to 0 while the company is inactive, and back when active", async () => {
    await res.patchCompanySpec('acme', { active: false });
    await waitForReplicas('support', 0);
    const conn = await waitForPhase('support', 'Suspended');
    expect(condition(conn, 'Ready')).toMatchObject({ reason: 'CompanyInactive' });
    const company = await res.getCompany('acme');
    expect(company.status).toMatchObject({ phase: 'Suspended', active: false });

    await res.patchCompanySpec('acme', { active: true });
    await waitForReplicas('support', 1);
    expect((await res.getCompany('acme')).status?.phase).toBe('Active');

    // Overdue in the api (no change in Kubernetes): the next company reconcile sees it.
    env.api.setOverdue(companyId, true);
    await res.touch('Company', 'acme');
    await waitForReplicas('support', 0);
    const overdue = await eventually(async () => {
      const c = await res.getCompany('acme');
      return c.status?.phase === 'Suspended' ? c : undefined;
    });
    expect(overdue.status?.conditions?.find((c) => c.type === 'Suspended')).toMatchObject({ status: 'True', reason: 'Overdue' });
    env.api.setOverdue(companyId, false);
    await touchConnection('support');
    await waitForReplicas('support', 1);
    await res.setStatefulSetReadyReplicas(sessionName({ metadata: { name: 'support' } }), 1);
    await waitForPhase('support', 'Running');
  });

  it('reports Degraded while the api fails, retries with backoff and recovers', async () => {
    env.api.failNext('GET', /^\/internal\/companies\/\d+$/, 503, 4);
    await touchConnection('support');
    const degraded = await waitForPhase('support', 'Degraded');
    expect(condition(degraded, 'Degraded')).toMatchObject({ status: 'True', reason: 'ApiUnavailable' });
    // The session itself was not touched by the outage.
    expect(condition(degraded, 'Ready')).toMatchObject({ status: 'True' });
    const recovered = await waitForPhase('support', 'Running');
    expect(condition(recovered, 'Degraded')).toMatchObject({ status: 'False' });
    expect(env.api.callsTo('GET', /^\/internal\/companies\/\d+$/).length).toBeGreaterThanOrEqual(5);
    expect((await operator.metrics.reconcileErrors.get()).values.find((v) => v.labels.controller === 'connection')?.value).toBeGreaterThanOrEqual(4);
  });

  it('converges after a restart: changes made while it was down are applied by the next instance', async () => {
    await operator.stop();
    expect(operator.isLeader()).toBe(false);
    await res.patchConnectionSpec('support', { suspended: true });
    await res.createConnection('sales', { companyId, channel: 'whatsapp', displayName: 'Sales' });
    await new Promise((r) => setTimeout(r, 500));
    expect((await statefulSet('support')).spec?.replicas).toBe(1); // nobody reconciling
    expect(await res.exists('StatefulSet', sessionName({ metadata: { name: 'sales' } }))).toBe(false);

    operator = env.startOperator('operator-b');
    await waitForReplicas('support', 0);
    await waitForPhase('support', 'Suspended');
    await waitForReplicas('sales', 1);
    const sales = await waitForPhase('sales', 'Starting');
    expect(sales.metadata.finalizers).toContain(SESSION_LOGOUT_FINALIZER);
  });

  it('logs the session out before deletion, then removes the finalizer and the owned objects cascade', async () => {
    const conn = (await res.getConnection('support')) as Connection;
    const id = conn.status?.connectionId as number;
    const name = sessionName(conn);
    const logoutPath = new RegExp(`^/internal/connections/${id}/logout$`);
    env.api.failNext('POST', logoutPath, 500, 1); // the first attempt fails: retried
    await res.deleteConnection('support');

    await eventually(async () => ((await res.getConnection('support')) === undefined ? true : undefined), {
      what: 'connection gone',
    });
    expect(env.api.callsTo('POST', logoutPath).length).toBeGreaterThanOrEqual(2);
    await eventually(
      async () =>
        !(await res.exists('StatefulSet', name)) && !(await res.exists('Service', name)) && !(await res.exists('Secret', name)),
      { what: 'owned objects garbage-collected', timeoutMs: 60_000 },
    );
    const reasons = (await res.eventsFor('support')).map((e) => e.reason);
    expect(reasons).toContain('LogoutFailed');
    expect(reasons).toContain('LoggedOut');
    // The other connection is untouched.
    expect(await res.exists('StatefulSet', sessionName({ metadata: { name: 'sales' } }))).toBe(true);
  });

  it('refuses invalid resources through the CRD schema', async () => {
    const attempt = async (spec: Record<string, unknown>) => {
      try {
        await res.createConnection(`bad-${crypto.randomBytes(3).toString('hex')}`, spec);
        return undefined;
      } catch (err) {
        expect(err).toBeInstanceOf(ApiException);
        return { code: (err as ApiException<unknown>).code, body: JSON.stringify((err as ApiException<unknown>).body) };
      }
    };
    const telegram = await attempt({ companyId, channel: 'telegram', displayName: 'Telegram' });
    expect(telegram?.code).toBe(422);
    expect(telegram?.body).toContain('spec.channel');
    const short = await attempt({ companyId, channel: 'whatsapp', displayName: 'x' });
    expect(short?.code).toBe(422);
    expect(short?.body).toContain('spec.displayName');
    const noCompany = await attempt({ channel: 'whatsapp', displayName: 'No company' });
    expect(noCompany?.code).toBe(422);
    expect(noCompany?.body).toContain('spec.companyId');
    // Immutable fields (CEL): the company of a connection cannot change.
    await expect(res.patchConnectionSpec('sales', { companyId: companyId + 1 })).rejects.toMatchObject({ code: 422 });
    await expect(
      res.createCompany('bad-email', { displayName: 'Bad', adminEmail: 'not-an-email' }),
    ).rejects.toMatchObject({ code: 422 });
  });
});
