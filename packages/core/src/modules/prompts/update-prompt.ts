import type { UpdatePromptInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { PromptEntity, type Prompt } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { loadPrompt, requireQueue } from './prompt-view.js';
import { featureData } from '../campaigns/plan-feature.js';

/**
 * Changes a prompt: what is sent changes. A key sent empty or not at all keeps the stored
 * one (the dialog never has it to send back); `voiceKey: null` removes the voice key.
 */
export async function updatePrompt(
  ctx: AppContext,
  o: { auth: Principal; id: number; input: UpdatePromptInput },
) {
  const db = await featureData(ctx, o.auth, 'useOpenAi');
  await loadPrompt(db, o.id);
  const { apiKey, voiceKey, voiceRegion, model, ...rest } = o.input;
  if (rest.queueId !== undefined) await requireQueue(db, rest.queueId);
  const patch: Partial<Prompt> = { ...rest, updatedAt: new Date() };
  if (apiKey) patch.apiKey = apiKey;
  if (voiceKey === null) patch.voiceKey = null;
  else if (voiceKey) patch.voiceKey = voiceKey;
  if (voiceRegion !== undefined) patch.voiceRegion = voiceRegion || null;
  if (model !== undefined) patch.model = model || null;
  await db.of(PromptEntity).update({ id: o.id }, patch);
  const prompt = await loadPrompt(db, o.id);
  ctx.events.publish('prompt.saved', { companyId: o.auth.companyId, prompt, action: 'update' });
  return prompt;
}
