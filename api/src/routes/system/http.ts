import type { ModuleHttp } from '../../http/define-routes.js';

export const systemHttp: ModuleHttp = (ctx) => ({
  handlers: {
    version: async () => ({ version: ctx.config.APP_VERSION }),
    versionReport: async () => ({ version: ctx.config.APP_VERSION }),
    flowBuilderIndex: async () => ({ flows: [], count: 0 as const, hasMore: false as const }),
  },
});
