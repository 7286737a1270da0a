import type { ModuleHttp } from '../../http/define-routes.js';

export const systemHttp: ModuleHttp = (ctx) => ({
  handlers: {
    version: async () => ({ version: ctx.config.APP_VERSION }),
  },
});
