import type { AppContext } from '../../context.js';

/** Every help article (platform-wide). */
export async function listHelps(ctx: AppContext) {
  return ctx.ds
    .getRepository<{ id: number; title: string; description: string | null; video: string | null }>(
      'Help',
    )
    .find({
      order: { id: 'ASC' },
    });
}
