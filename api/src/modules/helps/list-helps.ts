import type { AppContext } from '../../context.js';
import { HelpEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/** Every help article (platform-wide). */
export async function listHelps(ctx: AppContext) {
  return platformData(ctx.ds)
    .of(HelpEntity)
    .find({ order: { id: 'ASC' } });
}
