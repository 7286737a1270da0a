import type { SessionAuthRead } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { SessionConnection } from './session-of.js';
import { openSecret } from '../../db/sealed-secrets.js';
import { authContext } from './session-secrets.js';

/**
 * A session's Baileys auth state, kept in `baileys_auth` rows of its connection only, each
 * value sealed (db/sealed-secrets.ts) so the database never holds the WhatsApp login in clear.
 * Reads and writes are one statement each, whatever the batch size (Baileys reads and writes
 * keys by the hundred while a chat is busy).
 */

/** The stored values of `keys`; a key never written (or unreadable) answers null. */
export async function readSessionAuth(
  ctx: AppContext,
  s: SessionConnection,
  input: SessionAuthRead,
): Promise<{ values: Record<string, unknown> }> {
  const values = Object.create(null) as Record<string, unknown>;
  for (const key of input.keys) values[key] = null;
  if (input.keys.length === 0) return { values };
  const rows = await tenantData(ctx.ds, s.companyId).query<{ key: string; value: unknown }>(
    `SELECT key, value FROM baileys_auth
      WHERE "companyId" = $1 AND "whatsappId" = $2 AND key = ANY($3::varchar[])`,
    [s.companyId, s.whatsappId, input.keys],
  );
  for (const row of rows) {
    const plain = openSecret(ctx, row.value, authContext(s.whatsappId, row.key));
    // A value sealed under another key (SESSION_AUTH_KEY changed) reads as absent: the
    // session then pairs again instead of failing on every start.
    values[row.key] = plain === null ? null : (JSON.parse(plain) as unknown);
  }
  return { values };
}
