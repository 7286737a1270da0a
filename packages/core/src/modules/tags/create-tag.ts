import { AppError, type CreateTagInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TagEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { isDuplicateTag, loadTag, randomTagColor } from './tag-view.js';

/**
 * Creates a tag (or a kanban lane) owned by the caller; a name already used by a tag of the
 * same kind in the company is ERR_DUPLICATED_TAG (the unique key decides under concurrency).
 */
export async function createTag(ctx: AppContext, o: { auth: Principal; input: CreateTagInput }) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const kanban = o.input.kanban ?? 0;
  if (await db.of(TagEntity).exists({ name: o.input.name, kanban }))
    throw new AppError('ERR_DUPLICATED_TAG');
  let id: number;
  try {
    ({ id } = await db.of(TagEntity).insert({
      name: o.input.name,
      color: o.input.color || randomTagColor(),
      kanban,
      userId: o.auth.userId,
    }));
  } catch (err) {
    if (isDuplicateTag(err)) throw new AppError('ERR_DUPLICATED_TAG');
    throw err;
  }
  const tag = await loadTag(db, id);
  ctx.events.publish('tag.created', { companyId: o.auth.companyId, tag });
  return tag;
}
