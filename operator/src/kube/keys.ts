/** Work-queue keys: "namespace/name" for namespaced objects, "name" for cluster-scoped ones. */

/** The key of an object's metadata. */
export function objectKey(meta: { name?: string; namespace?: string } | undefined): string {
  const name = meta?.name ?? '';
  return meta?.namespace ? `${meta.namespace}/${name}` : name;
}

/** Splits a key back into namespace (undefined when cluster-scoped) and name. */
export function parseKey(key: string): { namespace?: string; name: string } {
  const slash = key.indexOf('/');
  if (slash < 0) return { name: key };
  return { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}
