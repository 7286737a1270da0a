import { execFileSync } from 'node:child_process';
import * as k8s from '@kubernetes/client-node';
import { allCrds } from '@atendo/cdk8s';
import { ensureHelmKubectl, startKube, type KubeCluster } from '@atendo/testing/kube';

/** Polls `fn` until it yields a value (errors count as "not yet"); throws after `ms`. */
export async function until<T>(fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A real kube-apiserver with Atendo's CRDs applied and established, and namespace `ns`
 * created: what the api's KubernetesRuntime writes Connection resources into.
 */
export async function startKubeWithCrds(
  ns: string,
): Promise<{ kube: KubeCluster; kc: k8s.KubeConfig }> {
  const kube = await startKube({ controllerManager: false });
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(kube.kubeconfigPath);
  const ext = kc.makeApiClient(k8s.ApiextensionsV1Api);
  // kubectl, not the typed client: client-node's serializer drops the x-kubernetes-* keys.
  const { kubectl } = ensureHelmKubectl();
  execFileSync(kubectl, ['--kubeconfig', kube.kubeconfigPath, 'apply', '-f', '-'], {
    input: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: allCrds() }),
  });
  for (const crd of allCrds()) {
    await until(async () => {
      const c = await ext.readCustomResourceDefinition({ name: crd.metadata.name });
      return c.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True')
        ? true
        : undefined;
    });
  }
  await kc.makeApiClient(k8s.CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
  return { kube, kc };
}
