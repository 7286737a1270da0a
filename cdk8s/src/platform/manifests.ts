import type { Component } from './common.js';
import type { PlatformConfig } from './config.js';
import {
  API_NAMESPACED_RULES,
  OPERATOR_NAMESPACED_RULES,
  desiredOperatorClusterRole,
  desiredRole,
  desiredServiceAccount,
} from './rbac.js';
import {
  desiredHpa,
  desiredIngress,
  desiredNetworkPolicy,
  desiredPdb,
  desiredSessionNetworkPolicy,
} from './policies.js';
import { desiredDeployment, desiredService } from './workloads.js';

/** A plain Kubernetes object. */
export type KubeObject = { apiVersion?: string; kind?: string; metadata?: { name?: string; namespace?: string } };

/** Every object of one deployable, in apply order. */
export function desiredComponentObjects(cfg: PlatformConfig, c: Component): KubeObject[] {
  const objects: KubeObject[] = [desiredServiceAccount(cfg, c)];
  if (c === 'api') objects.push(...desiredRole(cfg, c, API_NAMESPACED_RULES));
  if (c === 'operator') {
    objects.push(...desiredOperatorClusterRole(cfg), ...desiredRole(cfg, c, OPERATOR_NAMESPACED_RULES));
  }
  objects.push(desiredDeployment(cfg, c));
  if (c !== 'worker') objects.push(desiredService(cfg, c));
  const autoscaling = c === 'api' || c === 'worker' ? cfg[c].autoscaling : undefined;
  if (autoscaling && (c === 'api' || c === 'worker')) objects.push(desiredHpa(cfg, c, autoscaling));
  objects.push(desiredPdb(cfg, c), desiredNetworkPolicy(cfg, c));
  if (c === 'operator') objects.push(desiredSessionNetworkPolicy(cfg));
  if (c === 'api' && cfg.ingress) objects.push(desiredIngress(cfg, cfg.ingress));
  return objects;
}

/** The deployables, in install order. */
export const COMPONENTS: readonly Component[] = ['api', 'worker', 'operator'];
