import type { Company } from '@atendo/cdk8s';
import { describe, expect, it } from 'vitest';
import { companyStatus, upsertBody } from './company.js';

function company(spec: Partial<Company['spec']> = {}): Company {
  return {
    apiVersion: 'atendo.io/v1alpha1',
    kind: 'Company',
    metadata: { name: 'acme', generation: 2 },
    spec: { displayName: 'Acme', adminEmail: 'a@acme.test', ...spec },
  };
}

describe('upsertBody', () => {
  it('sends the spec with active defaulting to true and leaves unset fields out', () => {
    expect(upsertBody(company().spec)).toEqual({ displayName: 'Acme', adminEmail: 'a@acme.test', active: true });
    expect(upsertBody(company({ active: false, plan: 'pro', dueDate: '2025-05-01', limits: { users: 3 } }).spec)).toEqual({
      displayName: 'Acme',
      adminEmail: 'a@acme.test',
      active: false,
      plan: 'pro',
      dueDate: '2025-05-01',
      limits: { users: 3 },
    });
  });
});

describe('companyStatus', () => {
  const now = new Date('2025-01-01T00:00:00Z');

  it('mirrors an active company', () => {
    const status = companyStatus(company(), { id: 4, name: 'acme', status: true, dueDate: '2025-02-10T00:00:00.000Z', plan: 'pro', overdue: false }, now);
    expect(status).toMatchObject({ companyId: 4, phase: 'Active', active: true, dueDate: '2025-02-10', plan: 'pro', observedGeneration: 2 });
    const byType = Object.fromEntries((status.conditions ?? []).map((c) => [c.type, `${c.status}/${c.reason}`]));
    expect(byType).toEqual({ Provisioned: 'True/Provisioned', Synced: 'True/Synced', Ready: 'True/Active', Suspended: 'False/Active' });
  });

  it('says why a company is suspended: its spec, or the api (overdue)', () => {
    const bySpec = companyStatus(company({ active: false }), { id: 4, name: 'acme', status: false, dueDate: null, plan: null, overdue: false }, now);
    expect(bySpec.phase).toBe('Suspended');
    expect(bySpec.conditions?.find((c) => c.type === 'Suspended')).toMatchObject({ status: 'True', reason: 'SpecInactive' });
    const overdue = companyStatus(company(), { id: 4, name: 'acme', status: false, dueDate: null, plan: null, overdue: true }, now);
    expect(overdue.conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'Overdue' });
    expect(overdue.dueDate).toBeUndefined();
  });
});
