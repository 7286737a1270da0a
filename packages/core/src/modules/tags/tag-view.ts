import { AppError, type TagView } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/** The columns of a tag's view, for lean SQL over `tags t`. */
export const TAG_COLUMNS = `t.id, t.name, t.color, t.kanban, t."userId", t."createdAt", t."updatedAt"`;

/** One tag of the company, or ERR_NOT_FOUND (another company's tag is not found either). */
export async function loadTag(db: TenantData, id: number): Promise<TagView> {
  const [tag] = await db.query<TagView>(
    `SELECT ${TAG_COLUMNS} FROM tags t WHERE t.id = $1 AND t."companyId" = $2`,
    [id, db.companyId],
  );
  if (!tag) throw new AppError('ERR_NOT_FOUND');
  return tag;
}

/** True when a unique violation of the tags table's name key was raised. */
export function isDuplicateTag(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return (e.driverError?.code ?? e.code) === '23505';
}

/** A random colour for a tag created without one (docs/product/kanban-and-tags.md). */
export function randomTagColor(): string {
  const n = Math.floor(Math.random() * 0xffffff);
  return `#${n.toString(16).padStart(6, '0').toUpperCase()}`;
}
