import type { ModuleHttp } from '../../http/define-routes.js';
import { createPrompt } from './create-prompt.js';
import { deletePrompt } from './delete-prompt.js';
import { listPrompts } from './list-prompts.js';
import { loadPrompt } from './prompt-view.js';
import { updatePrompt } from './update-prompt.js';
import { featureData } from '../campaigns/plan-feature.js';

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
