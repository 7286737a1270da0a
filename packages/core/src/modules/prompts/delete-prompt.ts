import type { AppContext } from '../../context.js';
import { PromptEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { loadPrompt } from './prompt-view.js';
import { featureData } from '../campaigns/plan-feature.js';

/** Deletes a prompt; connections, queues and tickets that used it keep working without it. */
export async function deletePrompt(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await featureData(ctx, o.auth, 'useOpenAi');
  await loadPrompt(db, o.id);
  await db.of(PromptEntity).delete({ id: o.id });
  ctx.events.publish('prompt.deleted', { companyId: o.auth.companyId, id: o.id });
  return { message: 'Prompt deleted' };
}
