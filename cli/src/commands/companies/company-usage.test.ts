import type { CompanyView, PlanView } from '@atendo/domain';
import { describe, expect, it } from 'vitest';
import { companySummary, companyUsage } from './company-usage.js';

const plan = {
  id: 4,
  name: 'Basic',
  users: 3,
  connections: 2,
  queues: 0,
  amount: '49.9',
} as PlanView;
const company: CompanyView = {
  id: 9,
  name: 'Padaria',
  email: 'dono@padaria.example',
  status: true,
  dueDate: '2025-07-01',
  recurrence: 'MENSAL',
  plan,
  numberConections: null,
};
const today = '2025-06-15';

describe('companyUsage', () => {
  it("takes the plan's limits, and the company's own connection limit when it has one", () => {
    expect(companyUsage(company, { users: 3, connections: 1, queues: 4 })).toEqual({
      users: { used: 3, limit: 3 },
      connections: { used: 1, limit: 2 },
      queues: { used: 4, limit: 0 },
    });
    expect(
      companyUsage({ ...company, numberConections: 5 }, { users: 0, connections: 0, queues: 2 })
        .connections,
    ).toEqual({ used: 0, limit: 5 });
    expect(companyUsage({ plan: null }, { users: 1, connections: 0, queues: 1 }).users).toEqual({
      used: 1,
      limit: null,
    });
  });
});

describe('companySummary', () => {
  it('says what is full or unlimited, and how many invoices are open', () => {
    const usage = companyUsage(company, { users: 3, connections: 1, queues: 4 });
    expect(companySummary(company, usage, [{ status: 'paid' }, { status: 'open' }], today)).toEqual(
      [
        'Status: active',
        'Email: dono@padaria.example',
        'Plan: Basic (id 4), R$ 49,90',
        'Users: 3 of 3, full',
        'Connections: 1 of 2',
        'Queues: 4, unlimited',
        'Due date: 2025-07-01 (MENSAL)',
        'Invoices: 2 (1 open)',
      ],
    );
  });

  it("names a company's own connection limit, a passed due date and a missing plan", () => {
    const custom = { ...company, numberConections: 5, dueDate: '2025-06-14', status: false };
    const lines = companySummary(
      custom,
      companyUsage(custom, { users: 1, connections: 5, queues: 0 }),
      [],
      today,
    );
    expect(lines).toContain('Status: inactive');
    expect(lines).toContain("Connections: 5 of 5, full (the company's own limit; the plan's is 2)");
    expect(lines).toContain('Queues: 0, unlimited');
    expect(lines).toContain('Due date: 2025-06-14 (MENSAL), past due');
    expect(lines).toContain('Invoices: 0');

    const planless = { ...company, plan: null, dueDate: null, recurrence: null, email: null };
    expect(
      companySummary(
        planless,
        companyUsage(planless, { users: 1, connections: 0, queues: 2 }),
        [],
        today,
      ),
    ).toEqual([
      'Status: active',
      'Email: —',
      'Plan: —',
      'Users: 1, no plan',
      'Connections: 0, no plan',
      'Queues: 2, no plan',
      'Due date: — (—)',
      'Invoices: 0',
    ]);
  });
});
