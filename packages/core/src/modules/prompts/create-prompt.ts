import type { CreatePromptInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { PromptEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { loadPrompt, requireQueue } from './prompt-view.js';
import { featureData } from '../campaigns/plan-feature.js';

/** Creates a prompt of the caller's company (its plan includes OpenAI; its queue is its own). */
export async function createPrompt(
  ctx: AppContext,
  o: { auth: Principal; input: CreatePromptInput },
) {
  const db = await featureData(ctx, o.auth, 'useOpenAi');
  const input = o.input;
  await requireQueue(db, input.queueId);
  const { id } = await db.of(PromptEntity).insert({
    name: input.name,
    prompt: input.prompt,
    queueId: input.queueId,
    apiKey: input.apiKey,
    voice: input.voice,
    voiceKey: input.voiceKey || null,
    voiceRegion: input.voiceRegion || null,
    maxTokens: input.maxTokens,
    temperature: input.temperature,
    maxMessages: input.maxMessages,
    model: input.model || null,
  });
  const prompt = await loadPrompt(db, id);
  ctx.events.publish('prompt.saved', { companyId: o.auth.companyId, prompt, action: 'create' });
  return prompt;
}
