import {
  contactListItemEmail,
  contactListItemName,
  contactListItemNumber,
  type ContactListImportReport,
  MSG_REQUIRED,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactListEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { readContactsFile } from '../contacts/read-contacts-file.js';
import { numbersChecker } from '../contacts/check-number.js';

/** Header names of each column, without accents, case, spaces or dashes. */
const HEADERS = {
  name: ['name', 'nome', 'nombre'],
  number: ['number', 'numero', 'telefone', 'phone', 'celular', 'whatsapp'],
  email: ['email', 'correo'],
} as const;

/** Items written per INSERT. */
const INSERT_CHUNK = 1_000;

const plain = (s: string | null) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * Where name, number and email are: by header (name/nome, number/numero/telefone,
 * email/e-mail); a sheet without such headers is read as columns A, B, C with no header row.
 */
function columnsOf(header: (string | null)[]) {
  const find = (names: readonly string[]) => header.findIndex((h) => names.includes(plain(h)));
  const map = {
    name: find(HEADERS.name),
    number: find(HEADERS.number),
    email: find(HEADERS.email),
  };
  if (map.name < 0 && map.number < 0) return { name: 0, number: 1, email: 2, headerIsData: true };
  return { ...map, headerIsData: false };
}

interface Candidate {
  row: number;
  /** null: the row has no name; the item is named by its stored number. */
  name: string | null;
  number: string;
  email: string | null;
}

/**
 * `POST /contact-lists/:id/upload`: a spreadsheet's rows as items of the list. Each row is
 * checked as a typed item would be (name 2–50, defaulting to the number; number 8–50 digits;
 * a valid email or none), numbers are normalised and checked on a connected WhatsApp like
 * typed ones (50 to a query, a second's pause between queries on a connection: a large file
 * takes minutes), and a number already in the list (or earlier in the file) is skipped. One bad
 * row never stops the others; the report says what became of each.
 */
export async function importContactList(
  ctx: AppContext,
  o: { auth: Principal; id: number; file: { buffer: Buffer; originalname?: string } | undefined },
): Promise<ContactListImportReport> {
  const db = await campaignData(ctx, o.auth);
  await db.of(ContactListEntity).get({ where: { id: o.id }, select: { id: true } });
  const sheet = await readContactsFile(o.file?.buffer, o.file?.originalname);
  const header = sheet.columns;
  const cols = columnsOf(header);
  const rows = cols.headerIsData ? [header, ...sheet.rows] : sheet.rows;
  const report: ContactListImportReport = { created: 0, skipped: 0, valid: 0, failed: [] };

  const candidates: Candidate[] = [];
  for (const [index, cells] of rows.entries()) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const rawNumber = cell(cols.number);
    const number = contactListItemNumber.safeParse(rawNumber);
    const name = contactListItemName.safeParse(cell(cols.name) || rawNumber);
    const email = contactListItemEmail.safeParse(cell(cols.email));
    const problem = !number.success
      ? `number: ${rawNumber ? number.error.issues[0]?.message : MSG_REQUIRED}`
      : !name.success
        ? `name: ${name.error.issues[0]?.message}`
        : !email.success
          ? `email: ${email.error.issues[0]?.message}`
          : null;
    if (problem) {
      report.failed.push({ row: index + 1, reason: problem });
      continue;
    }
    candidates.push({
      row: index + 1,
      name: cell(cols.name) ? name.data! : null,
      number: number.data!,
      email: email.data || null,
    });
  }

  // In paced batches (contacts/check-number.ts): WhatsApp bans accounts that look numbers up in bulk.
  const results = await (await numbersChecker(ctx, db))(candidates.map((c) => c.number));
  const checked = candidates.map((c, n) => {
    const r = results[n]!;
    return { ...c, name: c.name ?? r.number, number: r.number, isWhatsappValid: r.isWhatsappValid };
  });

  // A number already in the list, or earlier in the file, is skipped by the unique key
  // (list, number): the first row wins.
  for (let from = 0; from < checked.length; from += INSERT_CHUNK) {
    const chunk = checked.slice(from, from + INSERT_CHUNK);
    const inserted = await db.query<{ isWhatsappValid: boolean }>(
      `INSERT INTO contact_list_items
         ("companyId", "contactListId", name, number, email, "isWhatsappValid")
       SELECT $1, $2, r.name, r.number, r.email, r.valid
         FROM unnest($3::text[], $4::text[], $5::text[], $6::boolean[]) AS r(name, number, email, valid)
       ON CONFLICT ("contactListId", number) DO NOTHING
       RETURNING "isWhatsappValid"`,
      [
        db.companyId,
        o.id,
        chunk.map((c) => c.name),
        chunk.map((c) => c.number),
        chunk.map((c) => c.email),
        chunk.map((c) => c.isWhatsappValid),
      ],
    );
    report.created += inserted.length;
    report.valid += inserted.filter((r) => r.isWhatsappValid).length;
    report.skipped += chunk.length - inserted.length;
  }

  if (report.created) {
    ctx.events.publish('contact_list_item.reloaded', {
      companyId: db.companyId,
      contactListId: o.id,
    });
    ctx.events.publish('contact_list.updated', { companyId: db.companyId, contactListId: o.id });
  }
  return report;
}
