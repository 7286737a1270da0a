import type {
  V1ClusterRole,
  V1ClusterRoleBinding,
  V1PolicyRule,
  V1Role,
  V1RoleBinding,
  V1ServiceAccount,
} from '@kubernetes/client-node';
import { GROUP } from '../crds/common.js';
import { componentLabels, componentMetadata, componentName, type Component } from './common.js';
import type { PlatformConfig } from './config.js';

const RW = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];

/**
 * Cluster-wide rules of the operator: only Companies, which are cluster-scoped. Everything
 * else it touches lives in its own namespace (see {@link OPERATOR_NAMESPACED_RULES}).
 */
export const OPERATOR_CLUSTER_RULES: V1PolicyRule[] = [
  { apiGroups: [GROUP], resources: ['companies'], verbs: ['get', 'list', 'watch', 'update', 'patch'] },
  { apiGroups: [GROUP], resources: ['companies/status'], verbs: ['get', 'update', 'patch'] },
  { apiGroups: [GROUP], resources: ['companies/finalizers'], verbs: ['update'] },
  // Events about a cluster-scoped Company can only be written in the "default" namespace.
  { apiGroups: ['', 'events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] },
];

/** The operator's rules in its namespace: Connections and what it makes from them. */
export const OPERATOR_NAMESPACED_RULES: V1PolicyRule[] = [
  { apiGroups: [GROUP], resources: ['connections'], verbs: ['get', 'list', 'watch', 'update', 'patch'] },
  { apiGroups: [GROUP], resources: ['connections/status'], verbs: ['get', 'update', 'patch'] },
  // blockOwnerDeletion on owner references needs update on the owner's finalizers.
  { apiGroups: [GROUP], resources: ['connections/finalizers'], verbs: ['update'] },
  { apiGroups: ['apps'], resources: ['statefulsets'], verbs: RW },
  { apiGroups: [''], resources: ['services', 'secrets'], verbs: RW },
  { apiGroups: ['', 'events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] },
  { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'list', 'watch', 'create', 'update', 'patch'] },
];

/** The api's rules: KubernetesRuntime writes Connections in its namespace and reads their status. */
export const API_NAMESPACED_RULES: V1PolicyRule[] = [
  { apiGroups: [GROUP], resources: ['connections'], verbs: RW },
  { apiGroups: [GROUP], resources: ['connections/status'], verbs: ['get'] },
];

/** A component's ServiceAccount; only the api and the operator talk to the Kubernetes API. */
export function desiredServiceAccount(cfg: PlatformConfig, c: Component): V1ServiceAccount {
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: componentMetadata(cfg, c),
    automountServiceAccountToken: c === 'api' || c === 'operator',
  };
}

/** A Role with its RoleBinding to the component's ServiceAccount. */
export function desiredRole(cfg: PlatformConfig, c: Component, rules: V1PolicyRule[]): [V1Role, V1RoleBinding] {
  const name = componentName(cfg, c);
  return [
    { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: componentMetadata(cfg, c), rules },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: componentMetadata(cfg, c),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name },
      subjects: [{ kind: 'ServiceAccount', name, namespace: cfg.namespace }],
    },
  ];
}

/** The operator's ClusterRole (Companies) and its binding; named after the namespace too, being cluster-wide. */
export function desiredOperatorClusterRole(cfg: PlatformConfig): [V1ClusterRole, V1ClusterRoleBinding] {
  const name = componentName(cfg, 'operator');
  const clusterName = `${cfg.namespace}-${name}`;
  const metadata = { name: clusterName, labels: componentLabels(cfg, 'operator') };
  return [
    { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata, rules: OPERATOR_CLUSTER_RULES },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata,
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: clusterName },
      subjects: [{ kind: 'ServiceAccount', name, namespace: cfg.namespace }],
    },
  ];
}
