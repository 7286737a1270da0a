import type { ModuleHttp } from '../../http/define-routes.js';
import { createCompany } from './create-company.js';
import { deleteCompany } from './delete-company.js';
import { findCompany } from './find-company.js';
import { findCompanyPlan } from './find-company-plan.js';
import { findCompanyState } from './find-company-state.js';
import { listCompanies } from './list-companies.js';
import { listCompaniesPaged } from './list-companies-paged.js';
import { updateCompany } from './update-company.js';
import { updateCompanySchedules } from './update-company-schedules.js';
import { upsertCompanyResource } from './upsert-company-resource.js';

export const companiesHttp: ModuleHttp = (ctx) => ({
  handlers: {
    companiesIndex: async () => listCompanies(ctx),
    companiesList: async () => listCompanies(ctx),
    companiesPlan: async ({ query }) => listCompaniesPaged(ctx, query),
    companiesListPlan: async ({ auth, params }) =>
      findCompanyPlan(ctx, { auth, companyId: params.id }),
    companiesShow: async ({ auth, params }) => findCompany(ctx, { auth, companyId: params.id }),
    companiesCreate: async ({ body }) => createCompany(ctx, body),
    companiesUpdate: async ({ params, body }) =>
      updateCompany(ctx, { companyId: params.id, input: body }),
    companiesSchedules: async ({ auth, params, body }) =>
      updateCompanySchedules(ctx, { auth, companyId: params.id, schedules: body.schedules }),
    companiesDelete: async ({ params }) => deleteCompany(ctx, { companyId: params.id }),

    // The internal api: the operator reconciling Company resources.
    internalCompanyUpsert: async ({ params, body }) =>
      upsertCompanyResource(ctx, { resourceName: params.resourceName, spec: body }),
    internalCompanyShow: async ({ params }) => findCompanyState(ctx, { companyId: params.id }),
  },
});
