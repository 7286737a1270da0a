/**
 * Reads and writes against the API server, idempotent by construction:
 * - owned objects are written with server-side apply (create-or-update in one call; applying the
 *   same desired object twice changes nothing and fires no watch event);
 * - reads map 404 (and only 404) to "absent"; every other error propagates so the work queue
 *   retries with backoff — never "any read error means create";
 * - finalizer changes are conditional on resourceVersion (409 on a concurrent change, retried);
 * - status goes through the status subresource.
 */
import {
  CustomObjectsApi,
  KubernetesObjectApi,
  PatchStrategy,
  setHeaderOptions,
  type KubeConfig,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { isNotFound } from './errors.js';

/** The field manager recorded in managedFields for everything the operator writes. */
export const FIELD_MANAGER = 'atendo-operator';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

/** How to address one custom resource kind. */
export interface CustomResourceKind {
  group: string;
  version: string;
  plural: string;
  kind: string;
  namespaced: boolean;
}

/** Object reference for reads of built-in kinds. */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
}

/** Typed access to one custom resource kind. */
export class CustomResourceClient<T extends KubernetesObject> {
  private readonly api: CustomObjectsApi;

  constructor(
    kc: KubeConfig,
    readonly kind: CustomResourceKind,
  ) {
    this.api = kc.makeApiClient(CustomObjectsApi);
  }

  /** apiVersion string of the kind, e.g. "atendo.io/v1alpha1". */
  get apiVersion(): string {
    return `${this.kind.group}/${this.kind.version}`;
  }

  /** The object, or undefined when it does not exist (404). Other errors throw. */
  async get(name: string, namespace?: string): Promise<T | undefined> {
    try {
      return (await (this.kind.namespaced
        ? this.api.getNamespacedCustomObject({ ...this.base(), namespace: ns(namespace), name })
        : this.api.getClusterCustomObject({ ...this.base(), name }))) as T;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Every object (in `namespace` when given, else in all namespaces or cluster-wide). */
  async list(namespace?: string): Promise<{ items: T[]; metadata?: { resourceVersion?: string } }> {
    const result = (await (this.kind.namespaced && namespace
      ? this.api.listNamespacedCustomObject({ ...this.base(), namespace })
      : this.api.listClusterCustomObject({ ...this.base() }))) as {
      items: T[];
      metadata?: { resourceVersion?: string };
    };
    return result;
  }

  /**
   * Replaces metadata.finalizers, conditional on the resourceVersion `obj` was read at
   * (a concurrent change answers 409 and the reconcile retries from fresh state).
   */
  async setFinalizers(obj: T, finalizers: string[]): Promise<T> {
    const body = {
      metadata: { finalizers, resourceVersion: obj.metadata?.resourceVersion },
    };
    const name = obj.metadata?.name ?? '';
    return (await (this.kind.namespaced
      ? this.api.patchNamespacedCustomObject(
          { ...this.base(), namespace: ns(obj.metadata?.namespace), name, body, fieldManager: FIELD_MANAGER },
          mergePatch,
        )
      : this.api.patchClusterCustomObject(
          { ...this.base(), name, body, fieldManager: FIELD_MANAGER },
          mergePatch,
        ))) as T;
  }

  /** Writes `status` through the status subresource (JSON merge patch; arrays replace whole). */
  async patchStatus(obj: T, status: object): Promise<T> {
    const body = { status };
    const name = obj.metadata?.name ?? '';
    return (await (this.kind.namespaced
      ? this.api.patchNamespacedCustomObjectStatus(
          { ...this.base(), namespace: ns(obj.metadata?.namespace), name, body, fieldManager: FIELD_MANAGER },
          mergePatch,
        )
      : this.api.patchClusterCustomObjectStatus(
          { ...this.base(), name, body, fieldManager: FIELD_MANAGER },
          mergePatch,
        ))) as T;
  }

  private base() {
    return { group: this.kind.group, version: this.kind.version, plural: this.kind.plural };
  }
}

function ns(namespace: string | undefined): string {
  if (!namespace) throw new Error('namespaced resource without metadata.namespace');
  return namespace;
}

/** Server-side apply and 404-aware reads of any kind (built-in or custom). */
export class ObjectApplier {
  private readonly objects: KubernetesObjectApi;

  constructor(kc: KubeConfig) {
    this.objects = KubernetesObjectApi.makeApiClient(kc);
  }

  /** The object, or undefined when it does not exist (404). Other errors throw. */
  async read<T extends KubernetesObject>(ref: ObjectRef): Promise<T | undefined> {
    try {
      return await this.objects.read<T>({
        apiVersion: ref.apiVersion,
        kind: ref.kind,
        metadata: { name: ref.name, ...(ref.namespace ? { namespace: ref.namespace } : {}) },
      });
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /**
   * Server-side apply with force: creates the object when absent, otherwise updates the fields
   * the operator owns. Applying an unchanged object is a no-op on the server.
   */
  async apply<T extends KubernetesObject>(desired: T): Promise<T> {
    // The client fills in defaults on the object it is given; keep the caller's copy intact.
    const body = structuredClone(desired);
    return this.objects.patch<T>(
      body,
      undefined,
      undefined,
      FIELD_MANAGER,
      true,
      PatchStrategy.ServerSideApply,
    );
  }
}
