import { execFileSync, spawnSync } from 'node:child_process';
import { ApiException, CoreV1Api, KubeConfig, type V1ConfigMap } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureHelmKubectl, startKube, type KubeCluster } from '@atendo/testing/kube';

/** Polls until `fn` returns a value other than undefined. */
async function eventually<T>(fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function readOrNull(
  core: CoreV1Api,
  namespace: string,
  name: string,
): Promise<V1ConfigMap | null> {
  try {
    return await core.readNamespacedConfigMap({ name, namespace });
  } catch (err) {
    if (err instanceof ApiException && err.code === 404) return null;
    throw err;
  }
}

describe('kube test harness (etcd + kube-apiserver + kube-controller-manager)', () => {
  let kube: KubeCluster;
  let core: CoreV1Api;
  const ns = `smoke-${Date.now().toString(36)}`;

  beforeAll(async () => {
    kube = await startKube();
    const kc = new KubeConfig();
    kc.loadFromFile(kube.kubeconfigPath);
    core = kc.makeApiClient(CoreV1Api);
  });

  afterAll(async () => {
    await kube?.stop();
  });

  it('creates a namespace and a ConfigMap and reads it back', async () => {
    await core.createNamespace({ body: { metadata: { name: ns } } });
    await core.createNamespacedConfigMap({
      namespace: ns,
      body: { metadata: { name: 'settings' }, data: { greeting: 'olá' } },
    });
    const cm = await core.readNamespacedConfigMap({ name: 'settings', namespace: ns });
    expect(cm.data).toEqual({ greeting: 'olá' });
    expect(cm.metadata?.uid).toBeTruthy();
  });

  it('garbage-collects a dependent when its owner is deleted', async () => {
    const owner = await core.createNamespacedConfigMap({
      namespace: ns,
      body: { metadata: { name: 'owner' } },
    });
    await core.createNamespacedConfigMap({
      namespace: ns,
      body: {
        metadata: {
          name: 'dependent',
          ownerReferences: [
            { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata!.uid! },
          ],
        },
      },
    });
    expect(await readOrNull(core, ns, 'dependent')).not.toBeNull();

    await core.deleteNamespacedConfigMap({
      name: 'owner',
      namespace: ns,
      propagationPolicy: 'Background',
    });
    await eventually(async () =>
      (await readOrNull(core, ns, 'dependent')) === null ? true : undefined,
    );
  });

  it('is reachable with the kubectl from the helm/kubectl layer', () => {
    const { kubectl, helm } = ensureHelmKubectl();
    const out = execFileSync(
      kubectl,
      [
        '--kubeconfig',
        kube.kubeconfigPath,
        'get',
        'configmap',
        'settings',
        '-n',
        ns,
        '-o',
        'jsonpath={.data.greeting}',
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(out).toBe('olá');
    // RBAC is enforced for identities other than the system:masters admin.
    // (`kubectl auth can-i` exits 1 when the answer is "no".)
    const canI = spawnSync(
      kubectl,
      [
        '--kubeconfig',
        kube.kubeconfigPath,
        'auth',
        'can-i',
        'list',
        'secrets',
        '-n',
        ns,
        '--as',
        'someone',
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(canI.stdout.trim()).toBe('no');
    expect(execFileSync(helm, ['version', '--short'], { encoding: 'utf8' })).toMatch(/^v4\./);
  });
});
