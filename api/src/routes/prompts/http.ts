import type { ModuleHttp } from '../../http/define-routes.js';
import { createPrompt } from '@atendo/core/modules/prompts/create-prompt.js';
import { deletePrompt } from '@atendo/core/modules/prompts/delete-prompt.js';
import { listPrompts } from '@atendo/core/modules/prompts/list-prompts.js';
import { loadPrompt } from '@atendo/core/modules/prompts/prompt-view.js';
import { updatePrompt } from '@atendo/core/modules/prompts/update-prompt.js';
import { featureData } from '@atendo/core/modules/campaigns/plan-feature.js';

export const promptsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    promptsIndex: ({ auth, query }) => listPrompts(ctx, { auth, ...query }),
    promptsShow: async ({ auth, params }) =>
      loadPrompt(await featureData(ctx, auth, 'useOpenAi'), params.id),
    promptsCreate: ({ auth, body }) => createPrompt(ctx, { auth, input: body }),
    promptsUpdate: ({ auth, params, body }) =>
      updatePrompt(ctx, { auth, id: params.id, input: body }),
    promptsDelete: ({ auth, params }) => deletePrompt(ctx, { auth, id: params.id }),
  },
});
