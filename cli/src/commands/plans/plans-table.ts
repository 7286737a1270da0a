import type { PlanView } from '@atendo/domain';
import { formatLimit, formatMoney, formatPlanFlags, yesNo } from '../../format.js';
import type { RenderTableOptions } from '../../ui/index.js';

/** The plans table: limits, price, visibility and enabled features. */
export function plansTable(plans: PlanView[]): RenderTableOptions {
  return {
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'Name' },
      { header: 'Users', align: 'right' },
      { header: 'Connections', align: 'right' },
      { header: 'Queues', align: 'right' },
      { header: 'Amount', align: 'right' },
      { header: 'Public' },
      { header: 'Flags' },
    ],
    rows: plans.map((p) => [
      String(p.id),
      p.name,
      formatLimit(p.users),
      formatLimit(p.connections),
      formatLimit(p.queues),
      formatMoney(p.amount),
      yesNo(p.isPublic),
      formatPlanFlags(p),
    ]),
    empty: 'No plans yet.',
  };
}
