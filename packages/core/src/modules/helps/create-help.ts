import { helpView, type HelpInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { HelpEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/** Creates a help article (super admin). */
export async function createHelp(ctx: AppContext, input: HelpInput) {
  const repo = platformData(ctx.ds).of(HelpEntity);
  const saved = await repo.save(
    repo.create({
      title: input.title,
      video: input.video || null,
      description: input.description || null,
    }),
  );
  return helpView.parse(saved);
}
