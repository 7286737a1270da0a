/**
 * Finalizer helpers. Adding and removing go through CustomResourceClient.setFinalizers, which is
 * conditional on the resourceVersion read, so another writer's finalizer is never dropped.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import type { CustomResourceClient } from './resources.js';

/** True when `obj` carries `finalizer`. */
export function hasFinalizer(obj: KubernetesObject, finalizer: string): boolean {
  return obj.metadata?.finalizers?.includes(finalizer) ?? false;
}

/** True once deletion was requested (finalizers are holding the object). */
export function isBeingDeleted(obj: KubernetesObject): boolean {
  return Boolean(obj.metadata?.deletionTimestamp);
}

/** Adds `finalizer` when missing; answers the object as stored afterwards. */
export async function ensureFinalizer<T extends KubernetesObject>(
  client: CustomResourceClient<T>,
  obj: T,
  finalizer: string,
): Promise<{ object: T; added: boolean }> {
  if (hasFinalizer(obj, finalizer)) return { object: obj, added: false };
  const finalizers = [...(obj.metadata?.finalizers ?? []), finalizer];
  return { object: await client.setFinalizers(obj, finalizers), added: true };
}

/** Removes `finalizer` when present; answers the object as stored afterwards. */
export async function removeFinalizer<T extends KubernetesObject>(
  client: CustomResourceClient<T>,
  obj: T,
  finalizer: string,
): Promise<{ object: T; removed: boolean }> {
  if (!hasFinalizer(obj, finalizer)) return { object: obj, removed: false };
  const finalizers = (obj.metadata?.finalizers ?? []).filter((f) => f !== finalizer);
  return { object: await client.setFinalizers(obj, finalizers), removed: true };
}
