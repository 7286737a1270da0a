import type { ModuleHttp } from '../../http/define-routes.js';
import { createHelp } from '@atendo/core/modules/helps/create-help.js';
import { deleteHelp } from '@atendo/core/modules/helps/delete-help.js';
import { listHelps } from '@atendo/core/modules/helps/list-helps.js';
import { listHelpsPage } from '@atendo/core/modules/helps/list-helps-page.js';
import { updateHelp } from '@atendo/core/modules/helps/update-help.js';

export const helpsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    helpsIndex: async ({ query }) => listHelpsPage(ctx, query),
    helpsList: async () => listHelps(ctx),
    helpsCreate: async ({ body }) => createHelp(ctx, body),
    helpsUpdate: async ({ params, body }) => updateHelp(ctx, { helpId: params.id, input: body }),
    helpsDelete: async ({ params }) => deleteHelp(ctx, { helpId: params.id }),
  },
});
