import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as k8s from '@kubernetes/client-node';
import type { KubeCluster } from '@atendo/testing/kube';
import { startKubeWithCrds } from './support/kube-crds.js';
import { DEMO_ADMIN, startTestApi, type TestApi, type TestClient } from './support/api.js';

const NS = 'atendo-sessions';
let kube: KubeCluster;
let t: TestApi;
let admin: TestClient & { user: { id: number; companyId: number } };
let custom: k8s.CustomObjectsApi;

const connection = (name: string) =>
  custom.getNamespacedCustomObject({
    group: 'atendo.io',
    version: 'v1alpha1',
    namespace: NS,
    plural: 'connections',
    name,
  }) as Promise<{
    metadata: { name: string; labels?: Record<string, string> };
    spec: {
      companyId: number;
      channel: string;
      displayName: string;
      suspended: boolean;
      connectionId: number;
      companyRef?: { name: string };
    };
  }>;

beforeAll(async () => {
  let kc: k8s.KubeConfig;
  ({ kube, kc } = await startKubeWithCrds(NS));
  custom = kc.makeApiClient(k8s.CustomObjectsApi);
  t = await startTestApi({
    SESSION_RUNTIME: 'kubernetes',
    KUBECONFIG: kube.kubeconfigPath,
    KUBERNETES_NAMESPACE: NS,
  });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await kube?.stop();
});

describe('KubernetesRuntime: the console writes Connection resources', () => {
  it('creates a Connection when a WhatsApp connection is created, and suspends and resumes it', async () => {
    const w = await admin.call('whatsappCreate', { body: { name: 'Vendas' } });
    expect(w.status).toBe('OPENING');
    const name = `conn-${w.companyId}-${w.id}`;
    const cr = await connection(name);
    expect(cr.spec).toEqual({
      companyId: w.companyId,
      channel: 'whatsapp',
      displayName: 'Vendas',
      suspended: false,
      connectionId: w.id,
    });
    expect(cr.metadata.labels?.['atendo.io/company-id']).toBe(String(w.companyId));

    await admin.call('sessionStop', { params: { id: w.id } });
    expect((await connection(name)).spec.suspended).toBe(true);
    await admin.call('sessionStart', { params: { id: w.id } });
    expect((await connection(name)).spec.suspended).toBe(false);
    await admin.call('sessionRenew', { params: { id: w.id } });
    expect((await connection(name)).spec.suspended).toBe(false);

    await admin.call('whatsappDelete', { params: { id: w.id } });
    await expect(connection(name)).rejects.toMatchObject({ code: 404 });
  });

  it('writes no Connection for channels without a session', async () => {
    const w = await admin.call('whatsappCreate', { body: { name: 'Página', channel: 'facebook' } });
    expect(w.status).toBe('DISCONNECTED');
    await expect(connection(`conn-${w.companyId}-${w.id}`)).rejects.toMatchObject({ code: 404 });
  });

  it('refers to the Company resource when the tenant is managed on Kubernetes', async () => {
    const { Client } = await import('pg');
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    await db.query(`UPDATE companies SET "resourceName" = 'demo' WHERE id = $1`, [
      admin.user.companyId,
    ]);
    await db.end();
    const w = await admin.call('whatsappCreate', { body: { name: 'Gerenciada' } });
    expect((await connection(`conn-${w.companyId}-${w.id}`)).spec.companyRef).toEqual({
      name: 'demo',
    });
  });

  it('refuses a connection the schema would reject without leaving a half-made row', async () => {
    // A one-character name never reaches Kubernetes: the api refuses it first.
    const before = (await admin.call('whatsappIndex')).length;
    await expect(admin.call('whatsappCreate', { body: { name: 'X' } })).rejects.toMatchObject({
      status: 400,
    });
    expect((await admin.call('whatsappIndex')).length).toBe(before);
  });
});
