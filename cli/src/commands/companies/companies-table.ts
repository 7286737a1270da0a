import type { CompanyView } from '@atendo/domain';
import { formatDate } from '../../format.js';
import type { RenderTableOptions } from '../../ui/index.js';

/** The companies table: one row per company with its plan, status and billing. */
export function companiesTable(companies: CompanyView[]): RenderTableOptions {
  return {
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'Name' },
      { header: 'Email' },
      { header: 'Plan' },
      { header: 'Status' },
      { header: 'Due date' },
      { header: 'Recurrence' },
    ],
    rows: companies.map((c) => [
      String(c.id),
      c.name,
      c.email ?? '—',
      c.plan?.name ?? '—',
      c.status ? 'active' : 'inactive',
      formatDate(c.dueDate),
      c.recurrence ?? '—',
    ]),
    empty: 'No companies yet.',
  };
}
