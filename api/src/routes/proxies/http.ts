import type { ModuleHttp } from '../../http/define-routes.js';
import { createProxy } from '@atendo/core/modules/proxies/create-proxy.js';
import { deleteProxy } from '@atendo/core/modules/proxies/delete-proxy.js';
import { listProxies } from '@atendo/core/modules/proxies/list-proxies.js';
import { updateProxy } from '@atendo/core/modules/proxies/update-proxy.js';

export const proxiesHttp: ModuleHttp = (ctx) => ({
  handlers: {
    proxiesIndex: ({ auth }) => listProxies(ctx, { auth }),
    proxiesCreate: ({ auth, body }) => createProxy(ctx, { auth, input: body }),
    proxiesUpdate: ({ auth, params, body }) =>
      updateProxy(ctx, { auth, proxyId: params.id, input: body }),
    proxiesDelete: ({ auth, params }) => deleteProxy(ctx, { auth, proxyId: params.id }),
  },
});
