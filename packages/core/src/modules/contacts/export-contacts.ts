import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { maskedView } from './contact-view.js';
import { masksNumbersFor } from './number-masking.js';

interface ExportRow {
  name: string;
  number: string | null;
  email: string | null;
  channel: string;
  active: boolean;
  tags: string | null;
}

/**
 * Every contact of the caller's company as an xlsx workbook (name, number, email, channel,
 * tags, active), numbers masked like the list under LGPD hide-number: a spreadsheet is not
 * JSON the route layer can mask, so this answer masks its own. Its columns read back through
 * the import (name, number, email, tags).
 */
export async function exportContacts(ctx: AppContext, o: { auth: Principal }): Promise<Buffer> {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const mask = await masksNumbersFor(db, o.auth);
  const rows = await db.query<ExportRow>(
    `SELECT c.name, c.number, c.email, c.channel, c.active,
        (SELECT string_agg(t.name, ', ' ORDER BY t.name) FROM contact_tags ct
           JOIN tags t ON t.id = ct."tagId" WHERE ct."contactId" = c.id) AS tags
       FROM contacts c WHERE c."companyId" = $1 ORDER BY c.name, c.id`,
    [db.companyId],
  );
  // Loaded on first use: the spreadsheet library is large and most processes never need it.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.columns = [
    { header: 'name', key: 'name', width: 32 },
    { header: 'number', key: 'number', width: 20 },
    { header: 'email', key: 'email', width: 32 },
    { header: 'tags', key: 'tags', width: 28 },
    { header: 'channel', key: 'channel', width: 12 },
    { header: 'active', key: 'active', width: 8 },
  ];
  for (const row of rows) {
    const r = maskedView(row, mask);
    // Numbers stay text cells: Excel would print long ones in exponent form.
    sheet.addRow({ ...r, number: r.number ?? '', email: r.email ?? '', tags: r.tags ?? '' });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
