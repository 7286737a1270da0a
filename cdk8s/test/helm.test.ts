import fs from 'node:fs';
import type { V1Deployment } from '@kubernetes/client-node';
import { Testing } from 'cdk8s';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { VALUES_FILE, documentedValues, valueLeaves, valuesMarkdown } from '../scripts/values-table.js';
import { buildPlatformApp } from '../src/platform/charts.js';
import { CHART_DIR, helm, helmTemplate, keyOf, valuesFile, type RenderedObject } from './support/helm.js';

const deployments = (objects: RenderedObject[]) =>
  new Map(objects.filter((o) => o.kind === 'Deployment').map((o) => [o.metadata.name, o as unknown as V1Deployment]));

describe('helm chart charts/atendo', () => {
  it('passes helm lint (default and full values)', () => {
    for (const args of [[], ['--values', valuesFile('full.yaml')]]) {
      const r = helm(['lint', CHART_DIR, '--strict', ...args]);
      expect(r.status, r.stdout + r.stderr).toBe(0);
    }
  });

  it('renders with default values: every deployable, RBAC, PDBs, NetworkPolicies, generated Secrets', () => {
    const { objects } = helmTemplate();
    const keys = objects.map(keyOf);
    for (const c of ['api', 'worker', 'operator']) {
      expect(keys).toContain(`Deployment/atendo-${c}`);
      expect(keys).toContain(`ServiceAccount/atendo-${c}`);
      expect(keys).toContain(`PodDisruptionBudget/atendo-${c}`);
      expect(keys).toContain(`NetworkPolicy/atendo-${c}`);
    }
    expect(keys).toEqual(expect.arrayContaining(['Secret/atendo-auth', 'Secret/atendo-database', 'ClusterRole/atendo-atendo-operator', 'NetworkPolicy/atendo-session']));
    expect(keys.some((k) => k.startsWith('Ingress/') || k.startsWith('HorizontalPodAutoscaler/'))).toBe(false);
    const apiEnv = deployments(objects).get('atendo-api')!.spec!.template.spec!.containers[0].env!;
    // In-cluster ingress controllers and mesh sidecars: the client is who they forward for.
    expect(apiEnv.find((e) => e.name === 'TRUST_PROXY')?.value).toBe('loopback, uniquelocal');
    const db = objects.find((o) => keyOf(o) === 'Secret/atendo-database') as RenderedObject & { stringData: Record<string, string> };
    expect(db.stringData.DATABASE_URL).toBe('postgres://atendo@postgresql:5432/atendo');
    // A stop fits the grace period: the preStop pause (the Service lets go of the pod), then
    // the api's drain (API_DRAIN_MS, 20 s by default) and its close, within 30 s.
    const apiPod = deployments(objects).get('atendo-api')!.spec!.template.spec!;
    expect(apiPod.containers[0].lifecycle?.preStop?.exec?.command).toEqual(['sleep', '5']);
    expect(apiPod.terminationGracePeriodSeconds).toBeGreaterThan(5 + 20);
  });

  it('renders ingress, HPAs and existing Secrets when switched on', () => {
    const { objects } = helmTemplate(['--values', valuesFile('full.yaml')]);
    const keys = objects.map(keyOf);
    expect(keys).toEqual(expect.arrayContaining(['Ingress/atendo', 'HorizontalPodAutoscaler/atendo-api', 'HorizontalPodAutoscaler/atendo-worker']));
    expect(keys.filter((k) => k.startsWith('Secret/'))).toEqual([]);
    const ingress = objects.find((o) => o.kind === 'Ingress') as RenderedObject & { spec: { tls: { secretName: string }[]; rules: { host: string }[] } };
    // One origin: the one host goes to the api, which serves the console too.
    expect(ingress.spec.rules).toEqual([
      { host: 'atendo.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'atendo-api', port: { name: 'http' } } } }] } },
    ]);
    expect(keys.some((k) => k.includes('atendo-web'))).toBe(false);
    expect(ingress.spec.tls[0].secretName).toBe('atendo-tls');
    const api = deployments(objects).get('atendo-api')!;
    expect(api.spec?.replicas).toBeUndefined();
    const container = api.spec!.template.spec!.containers[0];
    expect(container.image).toBe('registry.example.com/atendo/api:1.2.3');
    const env = Object.fromEntries(container.env!.map((e) => [e.name, e]));
    expect(env.DATABASE_PASSWORD.valueFrom?.secretKeyRef).toEqual({ name: 'atendo-pg', key: 'postgres-password' });
    expect(env.DATABASE_URL.value).toBe('postgres://atendo_app:$(DATABASE_PASSWORD)@pg.example.com:5432/atendo_prod?sslmode=require');
    expect(env.JWT_SECRET.valueFrom?.secretKeyRef?.name).toBe('atendo-credentials');
    expect(api.spec!.template.spec!.volumes).toContainEqual({ name: 'uploads', persistentVolumeClaim: { claimName: 'atendo-uploads' } });
    // Behind the Ingress the api believes the controller's pods (their CIDR here) about the client.
    expect(env.TRUST_PROXY.value).toBe('10.244.0.0/16');
    // The api migrates as the migration role; the worker only runs as the runtime user.
    expect(env.MIGRATION_DATABASE_URL.valueFrom?.secretKeyRef).toEqual({ name: 'atendo-pg', key: 'migration-url' });
    const worker = deployments(objects).get('atendo-worker')!.spec!.template.spec!;
    const workerEnv = Object.fromEntries(worker.containers[0].env!.map((e) => [e.name, e]));
    expect(workerEnv.MIGRATION_DATABASE_URL).toBeUndefined();
    expect(workerEnv.JWT_SECRET.valueFrom?.secretKeyRef?.name).toBe('atendo-credentials');
    // Campaign and schedule attachments: the worker reads the api's uploads.
    expect(worker.volumes).toContainEqual({ name: 'uploads', persistentVolumeClaim: { claimName: 'atendo-uploads' } });
    expect(worker.containers[0].volumeMounts).toContainEqual({ name: 'uploads', mountPath: '/data' });
    const operatorEnv = deployments(objects).get('atendo-operator')!.spec!.template.spec!.containers[0].env!;
    expect(operatorEnv.find((e) => e.name === 'SESSION_IMAGE')?.value).toBe('registry.example.com/atendo/session:1.2.4');
  });

  it('values.schema.json rejects values of the wrong type or shape', () => {
    const bad = [
      ['--set', 'api.replicaCount=two'],
      ['--set', 'config.logLevel=loud'],
      ['--set', 'ingress.enabled=yes'],
      ['--set', 'api.resources.limits.memory=lots'],
      ['--set', 'externalTemporal.address=no-port'],
      ['--set', 'auth.jwtSecret=short'],
      ['--set', 'worker.replicas=3'],
    ];
    for (const args of bad) {
      const r = helm(['template', 'atendo', CHART_DIR, ...args]);
      expect(r.status, args.join(' ')).not.toBe(0);
      expect(r.stderr, args.join(' ')).toMatch(/values don't meet the specifications of the schema|at '\//);
    }
  });

  it('agrees with the cdk8s synth: same objects, RBAC rules, env names, probes and security contexts', () => {
    const { objects: helmObjects } = helmTemplate(['--values', valuesFile('cdk8s.yaml')]);
    const app = buildPlatformApp();
    const cdk8sObjects = app.charts.filter((c) => c.node.id !== 'crds').flatMap((c) => Testing.synth(c)) as RenderedObject[];
    expect(helmObjects.map(keyOf).sort()).toEqual(cdk8sObjects.map(keyOf).sort());
    const byKey = new Map(helmObjects.map((o) => [keyOf(o), o]));
    for (const ours of cdk8sObjects) {
      const theirs = byKey.get(keyOf(ours))!;
      for (const field of ['rules', 'roleRef', 'subjects', 'automountServiceAccountToken']) {
        expect(theirs[field], `${keyOf(ours)}.${field}`).toEqual(ours[field]);
      }
      if (ours.kind === 'Deployment') {
        const a = (ours as unknown as V1Deployment).spec!;
        const b = (theirs as unknown as V1Deployment).spec!;
        expect(b.replicas).toEqual(a.replicas);
        expect(b.selector).toEqual(a.selector);
        const { containers: ac, ...aPod } = a.template.spec!;
        const { containers: bc, ...bPod } = b.template.spec!;
        expect(bPod).toEqual(aPod);
        expect(bc).toEqual(ac);
      } else if (ours.kind !== 'ServiceAccount' && ours.kind !== 'ClusterRole' && ours.kind !== 'ClusterRoleBinding') {
        expect(theirs.spec, `${keyOf(ours)}.spec`).toEqual(ours.spec);
      }
    }
  });
});

describe('chart documentation', () => {
  it('documents every value with @param and lists it in README.md', () => {
    const documented = new Set(documentedValues().map((d) => d.name));
    const leaves = valueLeaves(yaml.load(fs.readFileSync(VALUES_FILE, 'utf8')));
    expect(leaves.filter((l) => !documented.has(l))).toEqual([]);
    expect([...documented].filter((d) => !leaves.includes(d))).toEqual([]);
    const readme = fs.readFileSync(`${CHART_DIR}/README.md`, 'utf8');
    const table = /<!-- values:start -->\n([\s\S]*)\n<!-- values:end -->/.exec(readme)?.[1];
    expect(table, 'README.md values table is stale: regenerate with npx tsx cdk8s/scripts/values-table.ts').toBe(valuesMarkdown());
  });
});
