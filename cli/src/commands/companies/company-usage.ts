import { isSubscriptionExpired, type CompanyView, type InvoiceView } from '@atendo/domain';
import { formatDate, formatMoney } from '../../format.js';

/** How much of one plan limit a company uses; a limit of 0 is unlimited, null without a plan. */
export interface Usage {
  used: number;
  limit: number | null;
}

export interface CompanyUsage {
  users: Usage;
  connections: Usage;
  queues: Usage;
}

/**
 * A company's usage against its limits, by the api's rules: users and queues are capped by the
 * plan; connections by the company's own number when set (a custom plan), else the plan's.
 */
export function companyUsage(
  company: Pick<CompanyView, 'plan' | 'numberConections'>,
  counts: { users: number; connections: number; queues: number },
): CompanyUsage {
  const plan = company.plan ?? null;
  return {
    users: { used: counts.users, limit: plan ? plan.users : null },
    connections: {
      used: counts.connections,
      limit: company.numberConections ?? (plan ? plan.connections : null),
    },
    queues: { used: counts.queues, limit: plan ? plan.queues : null },
  };
}

function usageLine(label: string, { used, limit }: Usage, note?: string): string {
  const of =
    limit === null
      ? ', no plan'
      : limit === 0
        ? ', unlimited'
        : ` of ${limit}${used >= limit ? ', full' : ''}`;
  return `${label}: ${used}${of}${note ? ` (${note})` : ''}`;
}

/**
 * The lines of `companies show`: status, plan, usage against the limits, due date with its
 * recurrence (and whether it has passed), and how many invoices are open.
 */
export function companySummary(
  company: CompanyView,
  usage: CompanyUsage,
  invoices: Pick<InvoiceView, 'status'>[],
  today: string,
): string[] {
  const plan = company.plan;
  const ownConnections =
    company.numberConections != null && plan && company.numberConections !== plan.connections;
  const due = company.dueDate ? formatDate(company.dueDate) : null;
  const open = invoices.filter((i) => i.status !== 'paid').length;
  return [
    `Status: ${company.status ? 'active' : 'inactive'}`,
    `Email: ${company.email ?? '—'}`,
    `Plan: ${plan ? `${plan.name} (id ${plan.id}), ${formatMoney(plan.amount)}` : '—'}`,
    usageLine('Users', usage.users),
    usageLine(
      'Connections',
      usage.connections,
      ownConnections ? `the company's own limit; the plan's is ${plan.connections}` : undefined,
    ),
    usageLine('Queues', usage.queues),
    `Due date: ${due ?? '—'} (${company.recurrence ?? '—'})${due && isSubscriptionExpired(due, today) ? ', past due' : ''}`,
    `Invoices: ${invoices.length}${invoices.length ? ` (${open} open)` : ''}`,
  ];
}
