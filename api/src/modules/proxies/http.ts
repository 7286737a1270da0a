import type { ModuleHttp } from '../../http/define-routes.js';
import { createProxy } from './create-proxy.js';
import { deleteProxy } from './delete-proxy.js';
import { listProxies } from './list-proxies.js';
import { updateProxy } from './update-proxy.js';

export const proxiesHttp: ModuleHttp = (ctx) => ({
  handlers: {
    proxiesIndex: ({ auth }) => listProxies(ctx, { auth }),
    proxiesCreate: ({ auth, body }) => createProxy(ctx, { auth, input: body }),
    proxiesUpdate: ({ auth, params, body }) =>
      updateProxy(ctx, { auth, proxyId: params.id, input: body }),
    proxiesDelete: ({ auth, params }) => deleteProxy(ctx, { auth, proxyId: params.id }),
  },
});
