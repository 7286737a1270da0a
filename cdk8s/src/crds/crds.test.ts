import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_CRDS_DIR, generatedCrdFiles } from '../../scripts/crds.js';
import { toYaml } from '../yaml.js';
import { allCrds, companyCrd, connectionCrd, desiredCompanyManifest } from './index.js';

describe('CRDs', () => {
  it('charts/atendo/crds is exactly what the cdk8s source generates (run `npm run crds -w @atendo/cdk8s`)', () => {
    const expected = generatedCrdFiles();
    const actual = fs.readdirSync(CHART_CRDS_DIR).sort();
    expect(actual).toEqual([...expected.keys()].sort());
    for (const [name, content] of expected) {
      expect(fs.readFileSync(path.join(CHART_CRDS_DIR, name), 'utf8'), `${name} drifted`).toBe(content);
    }
  });

  it('Company is cluster-scoped with a status subresource, short name and printer columns', () => {
    const crd = companyCrd();
    expect(crd.spec.scope).toBe('Cluster');
    expect(crd.spec.names).toMatchObject({ plural: 'companies', kind: 'Company', shortNames: ['atco'] });
    const [version] = crd.spec.versions;
    expect(version.subresources).toEqual({ status: {} });
    expect(version.additionalPrinterColumns?.filter((c) => !c.priority).map((c) => c.name)).toEqual(['Display Name', 'Plan', 'Phase', 'Due', 'Age']);
  });

  it('Connection is namespaced and `kubectl get connections` shows company, channel, phase, ready, age', () => {
    const crd = connectionCrd();
    expect(crd.spec.scope).toBe('Namespaced');
    expect(crd.spec.names).toMatchObject({ plural: 'connections', kind: 'Connection', shortNames: ['atconn'] });
    const columns = crd.spec.versions[0].additionalPrinterColumns!.filter((c) => !c.priority);
    expect(columns.map((c) => [c.name, c.jsonPath])).toEqual([
      ['Company', '.spec.companyId'],
      ['Channel', '.spec.channel'],
      ['Phase', '.status.phase'],
      ['Ready', '.status.ready'],
      ['Age', '.metadata.creationTimestamp'],
    ]);
  });

  it('describes every spec and status field (kubectl explain)', () => {
    const missing: string[] = [];
    const walk = (schema: { description?: string; properties?: Record<string, unknown>; items?: unknown }, at: string) => {
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        const c = child as typeof schema;
        if (key !== 'metadata' && !c.description) missing.push(`${at}.${key}`);
        walk(c, `${at}.${key}`);
        if (c.items) walk(c.items as typeof schema, `${at}.${key}[]`);
      }
    };
    for (const crd of allCrds()) walk(crd.spec.versions[0].schema.openAPIV3Schema, crd.spec.names.kind);
    expect(missing).toEqual([]);
  });

  it('prints a Company manifest for GitOps', async () => {
    const company = desiredCompanyManifest('acme', {
      displayName: 'Acme Ltda',
      adminEmail: 'admin@acme.example',
      plan: 'pro',
      dueDate: '2026-12-31',
      limits: { users: 10, connections: undefined },
    });
    await expect(toYaml([company])).toMatchFileSnapshot('__snapshots__/company.yaml');
    expect(desiredCompanyManifest('x', { displayName: 'Xy', adminEmail: 'a@b.c', limits: {} }).spec).toEqual({ displayName: 'Xy', adminEmail: 'a@b.c' });
  });
});
