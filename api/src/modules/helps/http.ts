import type { ModuleHttp } from '../../http/define-routes.js';
import { createHelp } from './create-help.js';
import { deleteHelp } from './delete-help.js';
import { listHelps } from './list-helps.js';
import { listHelpsPage } from './list-helps-page.js';
import { updateHelp } from './update-help.js';

export const helpsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    helpsIndex: async ({ query }) => listHelpsPage(ctx, query),
    helpsList: async () => listHelps(ctx),
    helpsCreate: async ({ body }) => createHelp(ctx, body),
    helpsUpdate: async ({ params, body }) => updateHelp(ctx, { helpId: params.id, input: body }),
    helpsDelete: async ({ params }) => deleteHelp(ctx, { helpId: params.id }),
  },
});
