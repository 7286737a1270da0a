import type { WhatsappView } from '@atendo/domain';
import { formatDateTime } from '../../format.js';
import type { RenderTableOptions } from '../../ui/index.js';

/** What the connections table needs of a connection. */
export type ConnectionRow = Pick<
  WhatsappView,
  'id' | 'name' | 'channel' | 'status' | 'companyId' | 'number' | 'company' | 'updatedAt'
>;

/** The connections table across tenants: company, channel, number and session status. */
export function connectionsTable(
  connections: ConnectionRow[],
  empty = 'No connections yet.',
): RenderTableOptions {
  return {
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'Company' },
      { header: 'Name' },
      { header: 'Channel' },
      { header: 'Number' },
      { header: 'Status' },
      { header: 'Updated (UTC)' },
    ],
    rows: connections.map((c) => [
      String(c.id),
      c.company ? `${c.company.name} (${c.company.id})` : String(c.companyId),
      c.name,
      c.channel,
      c.number || '—',
      c.status,
      formatDateTime(c.updatedAt),
    ]),
    empty,
  };
}
