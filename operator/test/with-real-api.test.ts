/**
 * The whole chain with nothing faked: the real api process (KubernetesRuntime, internal
 * endpoints, embedded PostgreSQL), the real operator, and a real kube-apiserver. A connection
 * created in the console becomes a Connection resource, then a session StatefulSet whose Secret
 * carries a token the api accepts from the session; a Company resource becomes a tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createApiClient, type ApiClient } from '@atendo/api-client';
import { sessionName, type Connection } from '@atendo/cdk8s';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { InternalApiClient } from '../src/atendo-api/internal-api-client.js';
import { Operator } from '../src/operator.js';
import {
  eventually,
  INTERNAL_TOKEN,
  Resources,
  SESSION_IMAGE,
  startOperatorEnv,
  type OperatorEnv,
} from './support/operator-env.js';

const NS = 'atendo';
let env: OperatorEnv;
let platform: Platform;
let operator: Operator;
let res: Resources;
let admin: ApiClient;
let superAdmin: ApiClient;

async function login(email: string, password: string): Promise<ApiClient> {
  const { token } = await createApiClient({ baseUrl: platform.apiUrl }).call('login', {
    body: { email, password },
  });
  return createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
}

beforeAll(async () => {
  env = await startOperatorEnv(NS);
  res = new Resources(env);
  platform = await startPlatform({
    env: {
      INTERNAL_TOKEN,
      SESSION_RUNTIME: 'kubernetes',
      KUBECONFIG: env.kube.kubeconfigPath,
      KUBERNETES_NAMESPACE: NS,
    },
  });
  operator = new Operator({
    kc: env.kc,
    api: new InternalApiClient({
      baseUrl: platform.apiUrl,
      token: INTERNAL_TOKEN,
      timeoutMs: 5_000,
    }),
    logger: pino({ level: process.env.OPERATOR_TEST_LOG ?? 'silent' }),
    settings: {
      namespace: NS,
      identity: 'operator-real-api',
      lease: {
        name: 'atendo-operator',
        namespace: NS,
        durationSeconds: 4,
        renewDeadlineMs: 3_000,
        retryPeriodMs: 300,
      },
      workers: 2,
      resyncMs: 60_000,
      session: { image: SESSION_IMAGE, apiUrl: platform.apiUrl },
      backoff: { baseDelayMs: 100, maxDelayMs: 2_000 },
    },
  });
  operator.start();
  admin = await login('admin@demo.atendo.local', 'demo123');
  superAdmin = await login('admin@atendo.local', 'admin123');
}, 300_000);

afterAll(async () => {
  await operator?.stop();
  await platform?.stop();
  await env?.stop();
});

describe('console → api → Connection → operator → session, against the real api', () => {
  it('runs a console-created connection as a session StatefulSet whose token the api accepts', async () => {
    const w = await admin.call('whatsappCreate', { body: { name: 'Vendas' } });
    const name = `conn-${w.companyId}-${w.id}`;
    const conn = await eventually(
      async () => {
        const c = await res.getConnection(name);
        return c?.status?.connectionId === w.id ? c : undefined;
      },
      { what: 'the Connection registered by the operator' },
    );
    const sts = sessionName(conn as Connection);
    await eventually(() => res.exists('StatefulSet', sts), { what: 'the session StatefulSet' });

    // The Secret's token is one the api issued: the session can report with it.
    const secret = await env.core.readNamespacedSecret({ name: sts, namespace: NS });
    const token = Buffer.from(secret.data!.ATENDO_SESSION_TOKEN!, 'base64').toString();
    expect(Buffer.from(secret.data!.ATENDO_CONNECTION_ID!, 'base64').toString()).toBe(String(w.id));
    const session = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
    await session.call('sessionReportStatus', {
      body: { status: 'CONNECTED', number: '5511988887777' },
    });
    expect(await admin.call('whatsappShow', { params: { id: w.id } })).toMatchObject({
      status: 'CONNECTED',
      number: '5511988887777',
    });

    // The pod becomes ready (as the StatefulSet controller would report): the Connection is Ready.
    await res.setStatefulSetReadyReplicas(sts, 1);
    await eventually(async () => (await res.getConnection(name))?.status?.phase === 'Running', {
      what: 'phase Running',
    });

    // Disconnecting in the console suspends the resource: no session pod.
    await admin.call('sessionStop', { params: { id: w.id } });
    await eventually(
      async () => {
        const s = await env.apps.readNamespacedStatefulSet({ name: sts, namespace: NS });
        return s.spec?.replicas === 0;
      },
      { what: 'replicas 0' },
    );
    expect((await admin.call('whatsappShow', { params: { id: w.id } })).status).toBe(
      'DISCONNECTED',
    );

    // Deleting it in the console deletes the resource; the finalizer runs and the pod's objects go.
    await admin.call('whatsappDelete', { params: { id: w.id } });
    await eventually(async () => (await res.getConnection(name)) === undefined, {
      what: 'the Connection gone',
    });
    await eventually(async () => !(await res.exists('StatefulSet', sts)), {
      what: 'the StatefulSet collected',
      timeoutMs: 60_000,
    });
  });

  it('provisions a Company resource as a tenant of the api and mirrors it back', async () => {
    await res.createCompany('padaria', {
      displayName: 'Padaria Central',
      plan: 'Completo',
      adminEmail: 'dono@padaria.com.br',
      timezone: 'America/Recife',
    });
    const company = await eventually(
      async () => {
        const c = await res.getCompany('padaria');
        return c.status?.companyId ? c : undefined;
      },
      { what: 'status.companyId' },
    );
    expect(company.status).toMatchObject({ active: true, plan: 'Completo', phase: 'Active' });
    const listed = (await superAdmin.call('companiesIndex')).find(
      (c) => c.id === company.status!.companyId,
    );
    expect(listed).toMatchObject({
      name: 'Padaria Central',
      timezone: 'America/Recife',
      status: true,
    });

    await res.patchCompanySpec('padaria', { active: false });
    await eventually(async () => (await res.getCompany('padaria')).status?.phase === 'Suspended', {
      what: 'phase Suspended',
    });
    expect(
      (await superAdmin.call('companiesShow', { params: { id: company.status!.companyId! } }))
        .status,
    ).toBe(false);
  });
});
