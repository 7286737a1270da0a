import { AppError, contactName, normaliseContactNumber } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/**
 * The company's WhatsApp connection a channel lookup goes through: the default one if it is
 * connected, else another connected one; null when none is.
 */
export async function connectedSession(db: TenantData): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM whatsapps
      WHERE "companyId" = $1 AND channel = 'whatsapp' AND status = 'CONNECTED'
      ORDER BY "isDefault" DESC, id LIMIT 1`,
    [db.companyId],
  );
  return row?.id ?? null;
}

/**
 * `POST /contacts/import/chats` ("Importar do telefone"): the address book of the company's
 * connected WhatsApp phone, as its session learnt it from WhatsApp, becomes contacts. A number
 * the company does not have yet is created with the name saved on the phone (else the one the
 * person set, else the number), on the connection it came through; a contact that only has its
 * number for a name gets the phone's name. Nothing else of an existing contact changes. Without
 * a connected session: ERR_WAPP_NOT_INITIALIZED, nothing changed. Two statements, whatever the
 * size of the book; no per-contact push (a book has thousands): the caller's list reloads, other
 * users see them on their next load.
 */
export async function importPhoneContacts(
  ctx: AppContext,
  o: { auth: Principal },
): Promise<{ message: string; created: number; renamed: number }> {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const whatsappId = await connectedSession(db);
  const adapter = ctx.channels.for('whatsapp');
  if (!whatsappId || !adapter.phoneContacts) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  const book = await adapter.phoneContacts({ companyId: db.companyId, whatsappId });

  const byNumber = new Map<string, string>();
  for (const entry of book) {
    const number = normaliseContactNumber(entry.number);
    if (!/^\d{8,20}$/.test(number) || byNumber.has(number)) continue;
    const named = contactName.safeParse((entry.name ?? '').trim());
    byNumber.set(number, named.success ? named.data : number);
  }
  const numbers = [...byNumber.keys()];
  const names = numbers.map((n) => byNumber.get(n)!);
  const { created, renamed } = await db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO contacts ("companyId", name, number, channel, "whatsappId")
       SELECT $1, b.name, b.number, 'whatsapp', $4
         FROM unnest($2::text[], $3::text[]) AS b(number, name)
       ON CONFLICT ("companyId", number, channel) DO NOTHING
       RETURNING id`,
      [db.companyId, numbers, names, whatsappId],
    );
    // An UPDATE … RETURNING answers [rows, count] through TypeORM's query.
    const [updated] = (await tx.query(
      `UPDATE contacts c SET name = b.name, "updatedAt" = now()
         FROM unnest($2::text[], $3::text[]) AS b(number, name)
        WHERE c."companyId" = $1 AND c.channel = 'whatsapp' AND c.number = b.number
          AND c.name = c.number AND b.name <> b.number
        RETURNING c.id`,
      [db.companyId, numbers, names],
    )) as unknown as [{ id: number }[], number];
    return { created: inserted.length, renamed: updated.length };
  });
  return { message: `${created} contacts imported, ${renamed} renamed`, created, renamed };
}
