import { AppError, type SyncTagsInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { requireContact, tagsOfContact } from './contact-tags.js';
import { randomTagColor } from './tag-view.js';

/** The ids of the named tags (kanban 0), creating the ones that do not exist yet. */
async function tagIdsByName(
  tx: TenantData,
  names: string[],
  userId: number,
): Promise<{ ids: number[]; created: number[] }> {
  if (!names.length) return { ids: [], created: [] };
  // ON CONFLICT keeps a concurrent sync typing the same new name from failing.
  const created = await tx.query<{ id: number }>(
    `INSERT INTO tags ("companyId", name, color, kanban, "userId")
     SELECT $1, n, $3, 0, $4 FROM unnest($2::text[]) AS n
      WHERE NOT EXISTS (SELECT 1 FROM tags t WHERE t."companyId" = $1 AND t.kanban = 0
                         AND lower(t.name) = lower(n))
     ON CONFLICT ("companyId", name, kanban) DO NOTHING
     RETURNING id`,
    [tx.companyId, names, randomTagColor(), userId],
  );
  const rows = await tx.query<{ id: number }>(
    `SELECT DISTINCT ON (lower(name)) id FROM tags
      WHERE "companyId" = $1 AND kanban = 0 AND lower(name) = ANY($2::text[])
      ORDER BY lower(name), (name = ANY($3::text[])) DESC, id`,
    [tx.companyId, names.map((n) => n.toLowerCase()), names],
  );
  return { ids: rows.map((r) => r.id), created: created.map((r) => r.id) };
}

/**
 * Replaces a contact's tags with the given list: existing tags by id (each must be the
 * company's), typed new ones by name (at least 3 characters, found case-insensitively or
 * created). One transaction, so a failure leaves the contact's tags as they were.
 */
export async function syncContactTags(
  ctx: AppContext,
  o: { auth: Principal; input: SyncTagsInput },
) {
  const companyId = o.auth.companyId;
  const { contactId } = o.input;
  const db = tenantData(ctx.ds, companyId);
  await requireContact(db, contactId);
  const byId = [...new Set(o.input.tags.flatMap((t) => (t.id !== undefined ? [t.id] : [])))];
  // Typed names once each, whatever their case ("VIP" and "vip" are one tag): the first wins.
  const names: string[] = [];
  for (const t of o.input.tags)
    if (
      t.id === undefined &&
      t.name &&
      !names.some((n) => n.toLowerCase() === t.name!.toLowerCase())
    )
      names.push(t.name);

  const created = await db.transaction(async (tx) => {
    const known = await tx.query<{ id: number }>(
      `SELECT id FROM tags WHERE "companyId" = $1 AND id = ANY($2::int[])`,
      [companyId, byId],
    );
    if (known.length !== byId.length) throw new AppError('ERR_NOT_FOUND');
    const named = await tagIdsByName(tx, names, o.auth.userId);
    const ids = [...new Set([...byId, ...named.ids])];
    await tx.query(
      `DELETE FROM contact_tags WHERE "companyId" = $1 AND "contactId" = $2
          AND NOT ("tagId" = ANY($3::int[]))`,
      [companyId, contactId, ids],
    );
    await tx.query(
      `INSERT INTO contact_tags ("contactId", "tagId", "companyId")
       SELECT $2, unnest($3::int[]), $1
       ON CONFLICT ("contactId", "tagId") DO NOTHING`,
      [companyId, contactId, ids],
    );
    return named.created;
  });

  const tags = await tagsOfContact(db, contactId);
  for (const tag of tags.filter((t) => created.includes(t.id)))
    ctx.events.publish('tag.created', { companyId, tag });
  ctx.events.publish('contact.tags_changed', { companyId, contactId });
  return { contactId, tags };
}
