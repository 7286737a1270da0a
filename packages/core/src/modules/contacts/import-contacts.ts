import { isAppError, type ContactImportReport, type ImportContactsInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadContactView } from './contact-view.js';
import { numbersChecker } from './check-number.js';
import { importRow, type TagCache } from './import-row.js';

type Value = ImportContactsInput['rows'][number][number];
const text = (v: Value | undefined) => (v === null || v === undefined ? '' : String(v).trim());

/**
 * `POST /contacts/import`: the rows of an uploaded file through the column mapping. Rows
 * without a name or a number are skipped; each other row is created or fails on its own (a
 * duplicate or an invalid number does not stop the rest). Rows are numbered from 1, the first
 * data row under the header.
 */
export async function importContacts(
  ctx: AppContext,
  o: { auth: Principal; input: ImportContactsInput },
): Promise<ContactImportReport> {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const { rows, mapping, validateContact } = o.input;
  const tags: TagCache = new Map();
  const report: ContactImportReport = { created: 0, skipped: 0, failed: [] };
  // With validation, every number is asked on the company's connected WhatsApp (paced batches
  // of 50) before any row is written; without a session the numbers' form is checked instead.
  const validate = validateContact === true;
  const numbers = rows.map((row) => text(row[mapping.number]).replace(/[\s()+\-.]/g, ''));
  const checks = validate
    ? await (
        await numbersChecker(ctx, db)
      )(numbers.map((n) => n || '0'))
    : [];
  for (const [index, row] of rows.entries()) {
    const name = text(row[mapping.name]);
    const number = text(row[mapping.number]);
    if (!name || !number) {
      report.skipped++;
      continue;
    }
    try {
      const id = await importRow(
        db,
        {
          name,
          number,
          email: mapping.email == null ? '' : text(row[mapping.email]),
          tags: mapping.tags == null ? '' : text(row[mapping.tags]),
          validateContact,
        },
        tags,
        checks[index],
      );
      report.created++;
      ctx.events.publish('contact.created', {
        companyId: db.companyId,
        contact: await loadContactView(db, id),
      });
    } catch (err) {
      if (!isAppError(err)) throw err;
      const field = err.fields?.[0];
      report.failed.push({
        row: index + 1,
        reason: field ? `${field.field}: ${field.message}` : err.code,
      });
    }
  }
  return report;
}
