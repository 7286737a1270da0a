/**
 * The rendered chart, the cdk8s synth, the session builders' objects and the CRDs against a real
 * kube-apiserver (@atendo/testing/kube): CRDs applied and Established, everything else
 * server-side dry-run, and Company/Connection validation (OpenAPI schema + CEL) exercised for real.
 */
import { spawnSync } from 'node:child_process';
import { Testing } from 'cdk8s';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureHelmKubectl, startKube, type KubeCluster } from '@atendo/testing/kube';
import type { Connection } from '../src/crds/connection.js';
import { buildPlatformApp } from '../src/platform/charts.js';
import {
  desiredSessionSecret,
  desiredSessionService,
  desiredSessionStatefulSet,
} from '../src/session/index.js';
import { toYaml } from '../src/yaml.js';
import { CHART_DIR, helmTemplate, valuesFile } from './support/helm.js';

let kube: KubeCluster;

function kubectl(args: string[], input?: string): { status: number; stdout: string; stderr: string } {
  const { kubectl: bin } = ensureHelmKubectl();
  const r = spawnSync(bin, ['--kubeconfig', kube.kubeconfigPath, ...args], { input, encoding: 'utf8' });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function ok(args: string[], input?: string): string {
  const r = kubectl(args, input);
  if (r.status !== 0) throw new Error(`kubectl ${args.join(' ')} failed:\n${r.stderr}`);
  return r.stdout;
}

const company = (name: string, spec: Record<string, unknown>) =>
  toYaml([{ apiVersion: 'atendo.io/v1alpha1', kind: 'Company', metadata: { name }, spec }]);
const connection = (name: string, spec: Record<string, unknown>) =>
  toYaml([{ apiVersion: 'atendo.io/v1alpha1', kind: 'Connection', metadata: { name, namespace: 'atendo' }, spec }]);

beforeAll(async () => {
  kube = await startKube({ controllerManager: false });
  ok(['apply', '--server-side', '-f', `${CHART_DIR}/crds/`]);
  ok(['wait', '--for=condition=Established', '--timeout=60s', 'crd/companies.atendo.io', 'crd/connections.atendo.io']);
  ok(['create', 'namespace', 'atendo']);
});

afterAll(async () => {
  await kube?.stop();
});

describe('manifests against a real kube-apiserver', () => {
  it('accepts the chart rendered with default values and with everything switched on (server-side dry run)', () => {
    for (const args of [[], ['--values', valuesFile('full.yaml')]]) {
      const { yaml } = helmTemplate(args);
      const out = ok(['apply', '--dry-run=server', '-f', '-'], yaml);
      expect(out).toMatch(/deployment.apps\/atendo-api (created|configured) \(server dry run\)/);
    }
  });

  it('accepts the cdk8s synth (server-side dry run)', () => {
    const app = buildPlatformApp();
    const yaml = toYaml(app.charts.filter((c) => c.node.id !== 'crds').flatMap((c) => Testing.synth(c)));
    expect(ok(['apply', '--dry-run=server', '-f', '-'], yaml)).toMatch(/deployment.apps\/atendo-operator created \(server dry run\)/);
  });

  it('accepts the session StatefulSet, Service and Secret (server-side dry run)', () => {
    const conn: Connection = {
      apiVersion: 'atendo.io/v1alpha1',
      kind: 'Connection',
      metadata: { name: 'acme-wa', namespace: 'atendo' },
      spec: { companyId: 2, channel: 'whatsapp', displayName: 'Suporte', connectionId: 7 },
    };
    const yaml = toYaml([
      desiredSessionSecret(conn, { apiUrl: 'http://atendo-api.atendo:8080', token: 't' }),
      desiredSessionService(conn),
      desiredSessionStatefulSet(conn, { image: 'atendo/session:dev', apiUrl: 'http://atendo-api.atendo:8080', replicas: 1 }),
    ]);
    expect(ok(['apply', '--dry-run=server', '-f', '-'], yaml)).toMatch(/statefulset.apps\/session-acme-wa created/);
  });

  it('stores a valid Company and Connection with schema defaults and shows the printer columns', () => {
    ok(['apply', '-f', '-'], company('acme', { displayName: 'Acme', adminEmail: 'admin@acme.example', plan: 'pro', dueDate: '2026-12-31' }));
    ok(['apply', '-f', '-'], connection('acme-wa', { companyId: 2, companyRef: { name: 'acme' }, channel: 'whatsapp', displayName: 'Suporte' }));
    const stored = JSON.parse(ok(['get', 'company', 'acme', '-o', 'json']));
    expect(stored.spec).toMatchObject({ active: true, timezone: 'America/Sao_Paulo' });
    const conn = JSON.parse(ok(['-n', 'atendo', 'get', 'atconn', 'acme-wa', '-o', 'json']));
    expect(conn.spec.suspended).toBe(false);
    expect(ok(['-n', 'atendo', 'get', 'connections']).split('\n')[0].split(/\s{2,}/)).toEqual(['NAME', 'COMPANY', 'CHANNEL', 'PHASE', 'READY', 'AGE']);
    expect(ok(['get', 'atco']).split('\n')[0].split(/\s{2,}/)).toEqual(['NAME', 'DISPLAY NAME', 'PLAN', 'PHASE', 'DUE', 'AGE']);
    // status is a subresource: a status patch goes through it, and spec writes leave it alone.
    ok(['-n', 'atendo', 'patch', 'connection', 'acme-wa', '--subresource=status', '--type=merge', '-p', '{"status":{"phase":"Running","ready":true}}']);
    expect(ok(['-n', 'atendo', 'get', 'connections', 'acme-wa', '--no-headers'])).toMatch(/acme-wa\s+2\s+whatsapp\s+Running\s+true/);
    expect(ok(['explain', 'connections.spec.companyId'])).toMatch(/company that owns this connection/);
  });

  it('refuses invalid Companies and Connections (OpenAPI schema and CEL)', () => {
    const refused = (yaml: string, ...messages: RegExp[]) => {
      const r = kubectl(['create', '-f', '-'], yaml);
      expect(r.status, yaml).not.toBe(0);
      for (const m of messages) expect(r.stderr).toMatch(m);
    };
    refused(company('blank', { displayName: '   ', adminEmail: 'a@b.example' }), /displayName: Invalid value.*non-blank/);
    refused(company('no-admin', { displayName: 'No admin' }), /spec.adminEmail: Required value/);
    refused(
      company('bad', { displayName: 'Bad', adminEmail: 'not-an-email', dueDate: '31/12/2026', limits: { users: -1 }, timezone: 'not a zone' }),
      /adminEmail.*must be of type email/,
      /dueDate.*must be of type date/,
      /limits.users.*greater than or equal to 0/,
      /timezone.*should match/,
    );
    refused(connection('bad-channel', { companyId: 2, channel: 'telegram', displayName: 'Tg' }), /Unsupported value: "telegram"/);
    refused(connection('bad-company', { companyId: 0, channel: 'whatsapp', displayName: 'Wa' }), /companyId.*greater than or equal to 1/);
    refused(connection('blank', { companyId: 2, channel: 'whatsapp', displayName: '  ' }), /displayName.*non-blank/);
    refused(connection('too-long', { companyId: 2, channel: 'whatsapp', displayName: 'x'.repeat(51) }), /more than 50/);
    refused(
      connection('bad-resources', { companyId: 2, channel: 'whatsapp', displayName: 'Wa', session: { resources: { limits: { memory: 'lots' } } } }),
      /memory/,
    );
    const patch = kubectl(['-n', 'atendo', 'patch', 'connection', 'acme-wa', '--type=merge', '-p', '{"spec":{"channel":"facebook","companyId":3}}']);
    expect(patch.stderr).toMatch(/channel is immutable/);
    expect(patch.stderr).toMatch(/companyId is immutable/);
    const email = kubectl(['patch', 'company', 'acme', '--type=merge', '-p', '{"spec":{"adminEmail":"other@acme.example"}}']);
    expect(email.stderr).toMatch(/adminEmail is immutable/);
  });
});
