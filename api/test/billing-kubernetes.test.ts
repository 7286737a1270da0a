import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as k8s from '@kubernetes/client-node';
import type { DataSource } from 'typeorm';
import type { KubeCluster } from '@atendo/testing/kube';
import { deactivateOverdueCompanies, DomainEventBus, openScopedDataSource } from '@atendo/core';
import { startKubeWithCrds, until } from './support/kube-crds.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from './support/api.js';
import { sql } from './support/sql.js';

const NS = 'atendo-sessions';
let kube: KubeCluster;
let t: TestApi;
let custom: k8s.CustomObjectsApi;
let workerDs: DataSource;

const suspendedOf = async (name: string) =>
  (
    (await custom.getNamespacedCustomObject({
      group: 'atendo.io',
      version: 'v1alpha1',
      namespace: NS,
      plural: 'connections',
      name,
    })) as { spec: { suspended: boolean } }
  ).spec.suspended;

beforeAll(async () => {
  let kc: k8s.KubeConfig;
  ({ kube, kc } = await startKubeWithCrds(NS));
  custom = kc.makeApiClient(k8s.CustomObjectsApi);
  t = await startTestApi({
    SESSION_RUNTIME: 'kubernetes',
    KUBECONFIG: kube.kubeconfigPath,
    KUBERNETES_NAMESPACE: NS,
  });
  workerDs = await openScopedDataSource(t.databaseUrl);
}, 180_000);
afterAll(async () => {
  await workerDs?.destroy();
  await t?.close();
  await kube?.stop();
});

describe('billing in Kubernetes mode', () => {
  it('suspends the Connections of a company billing switched off, so the operator scales its sessions to 0', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const w = await admin.call('whatsappCreate', { body: { name: 'Vendas' } });
    const name = `conn-${w.companyId}-${w.id}`;
    expect(await until(() => suspendedOf(name))).toBe(false);

    await sql(t.databaseUrl, `UPDATE companies SET "dueDate" = '2031-03-07' WHERE id = $1`, [
      w.companyId,
    ]);
    const worker = { ds: workerDs, events: new DomainEventBus() };
    expect(
      await deactivateOverdueCompanies(worker, { at: new Date(), today: '2031-03-10' }),
    ).toContain(w.companyId);

    // Carried out by the api's outbox drain, not by the worker.
    await until(async () => ((await suspendedOf(name)) ? true : undefined));
    const [row] = await sql<{ status: string }>(
      t.databaseUrl,
      'SELECT status FROM whatsapps WHERE id = $1',
      [w.id],
    );
    expect(row?.status).toBe('DISCONNECTED');
  });
});
