import type { ModuleHttp } from '../../http/define-routes.js';
import { listAllInvoices } from '@atendo/core/modules/invoices/list-all-invoices.js';
import { listCompanyInvoices, listInvoices } from '@atendo/core/modules/invoices/list-invoices.js';

export const invoicesHttp: ModuleHttp = (ctx) => ({
  handlers: {
    invoicesIndex: ({ auth, query }) => listInvoices(ctx, { auth, ...query }),
    invoicesAll: ({ auth, query }) =>
      auth.super ? listAllInvoices(ctx, query) : listCompanyInvoices(ctx, { auth, ...query }),
  },
});
