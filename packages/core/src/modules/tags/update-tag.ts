import { AppError, type UpdateTagInput } from '@atendo/domain';
import { Not } from 'typeorm';
import type { AppContext } from '../../context.js';
import { TagEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { isDuplicateTag, loadTag } from './tag-view.js';

/** Renames, recolours or re-kinds a tag of the caller's company; names stay unique per kind. */
export async function updateTag(
  ctx: AppContext,
  o: { auth: Principal; tagId: number; input: UpdateTagInput },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const current = await loadTag(db, o.tagId);
  const name = o.input.name ?? current.name;
  const kanban = o.input.kanban ?? current.kanban;
  if (await db.of(TagEntity).exists({ id: Not(o.tagId), name, kanban }))
    throw new AppError('ERR_DUPLICATED_TAG');
  const patch = {
    ...(o.input.name !== undefined && { name }),
    ...(o.input.kanban !== undefined && { kanban }),
    ...(o.input.color !== undefined && { color: o.input.color }),
  };
  if (Object.keys(patch).length) {
    try {
      await db.of(TagEntity).update({ id: o.tagId }, patch);
    } catch (err) {
      if (isDuplicateTag(err)) throw new AppError('ERR_DUPLICATED_TAG');
      throw err;
    }
  }
  const tag = await loadTag(db, o.tagId);
  ctx.events.publish('tag.updated', { companyId: o.auth.companyId, tag });
  return tag;
}
