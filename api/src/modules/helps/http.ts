import type { ModuleHttp } from '../../http/define-routes.js';
import { listHelps } from './list-helps.js';

export const helpsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    helpsList: async () => listHelps(ctx),
  },
});
