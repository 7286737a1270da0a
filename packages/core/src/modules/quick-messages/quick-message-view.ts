import { AppError, isAdministrator, type QuickMessageView } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/** The columns of a quick message's view over `quick_messages q`; mediaUrl is built from $1. */
export const QUICK_MESSAGE_COLUMNS = `q.id, q.shortcode, q.message, q.geral, q.visao, q.status,
  q."userId", q."mediaPath", q."mediaName", q."isMedia", q."createdAt", q."updatedAt",
  CASE WHEN q."mediaPath" IS NULL THEN NULL
       ELSE '/private/' || q."companyId" || '/' || q."mediaPath" END AS "mediaUrl"`;

/**
 * Who sees a quick message: admins every one of the company; other users their own and the
 * shared (geral) ones. `$1` is the company, `$2` the user, `$3` whether the user is an admin.
 */
export const VISIBLE = `q."companyId" = $1 AND ($3::boolean OR q."userId" = $2 OR q.geral)`;

/** A quick message the caller sees, or ERR_NOT_FOUND (another company's is not found either). */
export async function loadQuickMessage(
  db: TenantData,
  auth: Principal,
  id: number,
): Promise<QuickMessageView> {
  const [row] = await db.query<QuickMessageView>(
    `SELECT ${QUICK_MESSAGE_COLUMNS} FROM quick_messages q WHERE ${VISIBLE} AND q.id = $4`,
    [db.companyId, auth.userId, isAdministrator(auth), id],
  );
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}

/** A quick message the caller may change: its owner's, or any for an admin. */
export async function loadEditableQuickMessage(
  db: TenantData,
  auth: Principal,
  id: number,
): Promise<QuickMessageView> {
  const row = await loadQuickMessage(db, auth, id);
  if (!isAdministrator(auth) && row.userId !== auth.userId) throw new AppError('ERR_NO_PERMISSION');
  return row;
}

/**
 * Refuses a shortcode another quick message of the company already has (case-insensitive).
 * Call inside the transaction that writes it, after `lockShortcodes`.
 */
export async function requireFreeShortcode(
  tx: TenantData,
  shortcode: string,
  exceptId?: number,
): Promise<void> {
  const [taken] = await tx.query(
    `SELECT 1 FROM quick_messages WHERE "companyId" = $1 AND lower(shortcode) = lower($2)
        AND id <> $3`,
    [tx.companyId, shortcode, exceptId ?? 0],
  );
  if (taken) throw new AppError('ERR_DUPLICATED_SHORTCODE');
}

/** Serialises shortcode writes of one company, so two saves never take the same shortcode. */
export async function lockShortcodes(tx: TenantData): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('quick_messages.shortcode'), $1)`, [
    tx.companyId,
  ]);
}
