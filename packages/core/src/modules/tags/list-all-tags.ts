import type { TagView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { TAG_COLUMNS } from './tag-view.js';

/** Every tag (kanban 0) or lane (kanban 1) of the caller's company, by name: the pickers. */
export async function listAllTags(ctx: AppContext, o: { auth: Principal; kanban: number }) {
  return tenantData(ctx.ds, o.auth.companyId).prepared<TagView>(
    'tags-list',
    `SELECT ${TAG_COLUMNS} FROM tags t WHERE t."companyId" = $1 AND t.kanban = $2
      ORDER BY t.name, t.id`,
    [o.auth.companyId, o.kanban],
  );
}
