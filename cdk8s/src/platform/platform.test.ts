import { Testing } from 'cdk8s';
import type { V1Deployment, V1PolicyRule } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { toYaml } from '../yaml.js';
import { ComponentChart, CrdsChart } from './charts.js';
import { defaultPlatformConfig } from './config.js';
import { COMPONENTS, desiredComponentObjects } from './manifests.js';
import { API_NAMESPACED_RULES, OPERATOR_CLUSTER_RULES, OPERATOR_NAMESPACED_RULES } from './rbac.js';

describe('platform charts', () => {
  for (const component of COMPONENTS) {
    it(`synthesizes the ${component} chart (snapshot)`, async () => {
      const chart = new ComponentChart(Testing.app(), component, { config: defaultPlatformConfig(), component });
      await expect(toYaml(Testing.synth(chart))).toMatchFileSnapshot(`__snapshots__/${component}.k8s.yaml`);
    });
  }

  it('synthesizes the CRDs chart exactly as the builders return them', () => {
    const objects = Testing.synth(new CrdsChart(Testing.app(), 'crds'));
    expect(objects.map((o: { metadata: { name: string } }) => o.metadata.name)).toEqual(['companies.atendo.io', 'connections.atendo.io']);
    expect(objects[0].spec.versions[0].subresources).toEqual({ status: {} });
  });

  it('runs every Deployment hardened, with requests and limits', () => {
    const cfg = defaultPlatformConfig();
    for (const component of COMPONENTS) {
      const deployment = desiredComponentObjects(cfg, component).find((o) => o.kind === 'Deployment') as V1Deployment;
      const pod = deployment.spec!.template.spec!;
      expect(pod.securityContext, component).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.automountServiceAccountToken, component).toBe(component === 'api' || component === 'operator');
      for (const c of pod.containers) {
        expect(c.securityContext, component).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
        expect(c.resources?.requests && c.resources.limits, component).toBeTruthy();
        // Credentials only ever come from Secrets.
        for (const e of c.env ?? []) if (/SECRET|TOKEN|PASSWORD|DATABASE_URL/.test(e.name)) expect(e.valueFrom?.secretKeyRef, e.name).toBeTruthy();
      }
    }
  });

  it('gives least privilege: no wildcards, secrets only in the namespace, nothing cluster-wide but companies and their events', () => {
    const all: V1PolicyRule[] = [...OPERATOR_CLUSTER_RULES, ...OPERATOR_NAMESPACED_RULES, ...API_NAMESPACED_RULES];
    for (const r of all) {
      expect(r.verbs).not.toContain('*');
      expect(r.resources).not.toContain('*');
    }
    expect(OPERATOR_CLUSTER_RULES.flatMap((r) => r.resources)).toEqual(['companies', 'companies/status', 'companies/finalizers', 'events']);
    // Company events (cluster-scoped objects) land in "default": write-only, never read.
    expect(OPERATOR_CLUSTER_RULES.find((r) => r.resources?.includes('events'))?.verbs).toEqual(['create', 'patch']);
    expect(API_NAMESPACED_RULES.flatMap((r) => r.resources)).toEqual(['connections', 'connections/status']);
  });

  it('adds HPAs when autoscaling is set and then leaves the replica count to them', () => {
    const cfg = defaultPlatformConfig();
    cfg.api = { ...cfg.api, autoscaling: { minReplicas: 2, maxReplicas: 6, targetCPUUtilizationPercentage: 70 } };
    const objects = desiredComponentObjects(cfg, 'api');
    expect(objects.some((o) => o.kind === 'HorizontalPodAutoscaler')).toBe(true);
    expect((objects.find((o) => o.kind === 'Deployment') as V1Deployment).spec?.replicas).toBeUndefined();
  });
});
