import { AppError, helpView, type HelpInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { HelpEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/** Updates a help article (super admin); fields left out keep their value. */
export async function updateHelp(
  ctx: AppContext,
  o: { helpId: number; input: Partial<HelpInput> },
) {
  const repo = platformData(ctx.ds).of(HelpEntity);
  const changes: Partial<{ title: string; video: string | null; description: string | null }> = {};
  if (o.input.title !== undefined) changes.title = o.input.title;
  if (o.input.video !== undefined) changes.video = o.input.video || null;
  if (o.input.description !== undefined) changes.description = o.input.description || null;
  if (Object.keys(changes).length) {
    const result = await repo.update({ id: o.helpId }, changes);
    if (!result.affected) throw new AppError('ERR_NOT_FOUND');
  }
  const help = await repo.findOne({ where: { id: o.helpId } });
  if (!help) throw new AppError('ERR_NOT_FOUND');
  return helpView.parse(help);
}
