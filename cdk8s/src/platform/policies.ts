import type {
  V1NetworkPolicy,
  V1NetworkPolicyPeer,
  V1NetworkPolicyPort,
  V1NetworkPolicySpec,
  V1PodDisruptionBudget,
  V1Ingress,
  V2HorizontalPodAutoscaler,
} from '@kubernetes/client-node';
import { SESSION_APP_NAME } from '../session/names.js';
import { SESSION_PORT } from '../session/service.js';
import { componentLabels, componentMetadata, componentName, selectorLabels, type Component } from './common.js';
import type { Autoscaling, PlatformConfig } from './config.js';
import { HTTP_PORT } from './workloads.js';

/**
 * NetworkPolicy with JSON field names (client-node renames the ingress rule's `from` to `_from`,
 * which would not serialise as a plain object).
 */
export type NetworkPolicy = Omit<V1NetworkPolicy, 'spec'> & {
  spec: Omit<V1NetworkPolicySpec, 'ingress'> & {
    ingress?: { from?: V1NetworkPolicyPeer[]; ports?: V1NetworkPolicyPort[] }[];
  };
};

/** HPA on CPU utilisation for a Deployment (api and worker). */
export function desiredHpa(cfg: PlatformConfig, c: 'api' | 'worker', a: Autoscaling): V2HorizontalPodAutoscaler {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: componentMetadata(cfg, c),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: componentName(cfg, c) },
      minReplicas: a.minReplicas,
      maxReplicas: a.maxReplicas,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: a.targetCPUUtilizationPercentage } },
        },
      ],
    },
  };
}

/** Voluntary disruptions (drains) take at most one pod of a component at a time. */
export function desiredPdb(cfg: PlatformConfig, c: Component): V1PodDisruptionBudget {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: componentMetadata(cfg, c),
    spec: { maxUnavailable: 1, selector: { matchLabels: selectorLabels(cfg, c) } },
  };
}

/**
 * Ingress to a component's pods. api and operator (health/metrics) accept their HTTP port
 * from anywhere (the ingress controller's namespace is unknown); the worker accepts nothing.
 * Egress stays open: PostgreSQL, Temporal and Meta live outside the cluster at unknown addresses.
 */
export function desiredNetworkPolicy(cfg: PlatformConfig, c: Component): NetworkPolicy {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: componentMetadata(cfg, c),
    spec: {
      podSelector: { matchLabels: selectorLabels(cfg, c) },
      policyTypes: ['Ingress'],
      ingress: c === 'worker' ? [] : [{ ports: [{ port: HTTP_PORT, protocol: 'TCP' }] }],
    },
  };
}

/** Session pods (made by the operator) accept calls only from the api and the worker. */
export function desiredSessionNetworkPolicy(cfg: PlatformConfig): NetworkPolicy {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { ...componentMetadata(cfg, 'operator', `${cfg.name}-session`) },
    spec: {
      podSelector: { matchLabels: { 'app.kubernetes.io/name': SESSION_APP_NAME } },
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [{ podSelector: { matchLabels: selectorLabels(cfg, 'api') } }, { podSelector: { matchLabels: selectorLabels(cfg, 'worker') } }],
          ports: [{ port: SESSION_PORT, protocol: 'TCP' }],
        },
      ],
    },
  };
}

/**
 * One host for console, REST and Socket.IO, every path to the api: it serves the built console
 * and tells page loads from api calls itself (api/src/http/console.ts).
 */
export function desiredIngress(cfg: PlatformConfig, ing: NonNullable<PlatformConfig['ingress']>): V1Ingress {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: cfg.name, namespace: cfg.namespace, labels: componentLabels(cfg, 'api') },
    spec: {
      ...(ing.className ? { ingressClassName: ing.className } : {}),
      ...(ing.tlsSecret ? { tls: [{ hosts: [ing.host], secretName: ing.tlsSecret }] } : {}),
      rules: [
        {
          host: ing.host,
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: componentName(cfg, 'api'), port: { name: 'http' } } },
              },
            ],
          },
        },
      ],
    },
  };
}
