import type { V1Container, V1PodSecurityContext, V1SecurityContext } from '@kubernetes/client-node';
import type { PlatformConfig } from './config.js';

/** The platform's deployables (the api also serves the built console: one origin). */
export type Component = 'api' | 'worker' | 'operator';

/** UID/GID every platform image runs as (the `node` user is 1000; ours is a dedicated one). */
export const PLATFORM_UID = 10001;

/** Name of a component's objects: `<release>-<component>`. */
export const componentName = (cfg: PlatformConfig, c: Component): string => `${cfg.name}-${c}`;

/** Labels that select a component's pods (never change for a release). */
export function selectorLabels(cfg: PlatformConfig, c: Component): Record<string, string> {
  return {
    'app.kubernetes.io/name': 'atendo',
    'app.kubernetes.io/instance': cfg.name,
    'app.kubernetes.io/component': c,
  };
}

/** Every label of a component's objects. */
export function componentLabels(cfg: PlatformConfig, c: Component): Record<string, string> {
  return {
    ...selectorLabels(cfg, c),
    'app.kubernetes.io/part-of': 'atendo',
    'app.kubernetes.io/version': cfg.version,
    'app.kubernetes.io/managed-by': 'cdk8s',
  };
}

/** metadata of a namespaced component object. */
export function componentMetadata(
  cfg: PlatformConfig,
  c: Component,
  name = componentName(cfg, c),
): { name: string; namespace: string; labels: Record<string, string> } {
  return { name, namespace: cfg.namespace, labels: componentLabels(cfg, c) };
}

/** Restricted Pod Security Standard, pod level. */
export function hardenedPodSecurityContext(): V1PodSecurityContext {
  return {
    runAsNonRoot: true,
    runAsUser: PLATFORM_UID,
    runAsGroup: PLATFORM_UID,
    fsGroup: PLATFORM_UID,
    seccompProfile: { type: 'RuntimeDefault' },
  };
}

/** Restricted Pod Security Standard, container level, plus a read-only root filesystem. */
export function hardenedContainerSecurityContext(): V1SecurityContext {
  return {
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    runAsNonRoot: true,
    runAsUser: PLATFORM_UID,
    capabilities: { drop: ['ALL'] },
    seccompProfile: { type: 'RuntimeDefault' },
  };
}

/** An env var read from a Secret key. */
export function secretEnv(name: string, secret: string, key = name): NonNullable<V1Container['env']>[number] {
  return { name, valueFrom: { secretKeyRef: { name: secret, key } } };
}

/** An env var from the pod's own metadata. */
export function fieldEnv(name: string, fieldPath: string): NonNullable<V1Container['env']>[number] {
  return { name, valueFrom: { fieldRef: { fieldPath } } };
}
