import type { SessionAuthWrite } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { SessionConnection } from './session-of.js';
import { sealSecret } from '../../db/sealed-secrets.js';
import { authContext } from './session-secrets.js';

/** Stores the given keys (null deletes one): upserts and deletes, in one transaction. */
export async function writeSessionAuth(
  ctx: AppContext,
  s: SessionConnection,
  input: SessionAuthWrite,
): Promise<void> {
  const upserts: { key: string; value: string }[] = [];
  const deletes: string[] = [];
  for (const [key, value] of Object.entries(input.values)) {
    if (value === null || value === undefined) deletes.push(key);
    else
      upserts.push({
        key,
        value: sealSecret(ctx, JSON.stringify(value), authContext(s.whatsappId, key)),
      });
  }
  await tenantData(ctx.ds, s.companyId).transaction(async (tx) => {
    if (upserts.length)
      await tx.query(
        `INSERT INTO baileys_auth ("companyId", "whatsappId", key, value)
         SELECT $1, $2, k, to_jsonb(v) FROM unnest($3::varchar[], $4::text[]) AS u(k, v)
         ON CONFLICT ("whatsappId", key)
         DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()
         WHERE baileys_auth."companyId" = EXCLUDED."companyId"`,
        [s.companyId, s.whatsappId, upserts.map((u) => u.key), upserts.map((u) => u.value)],
      );
    if (deletes.length)
      await tx.query(
        `DELETE FROM baileys_auth
          WHERE "companyId" = $1 AND "whatsappId" = $2 AND key = ANY($3::varchar[])`,
        [s.companyId, s.whatsappId, deletes],
      );
  });
}
