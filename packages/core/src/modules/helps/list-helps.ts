import type { AppContext } from '../../context.js';
import { HelpEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/** Every help article (platform-wide), by title: the help page's grid and the drawer's check. */
export async function listHelps(ctx: AppContext) {
  return platformData(ctx.ds)
    .of(HelpEntity)
    .find({
      select: { id: true, title: true, description: true, video: true },
      order: { title: 'ASC', id: 'ASC' },
    });
}
