import type { ModuleHttp } from '../../http/define-routes.js';
import { createCompany } from '@atendo/core/modules/companies/create-company.js';
import { deleteCompany } from '@atendo/core/modules/companies/delete-company.js';
import { findCompany } from '@atendo/core/modules/companies/find-company.js';
import { findCompanyPlan } from '@atendo/core/modules/companies/find-company-plan.js';
import { findCompanyState } from '@atendo/core/modules/companies/find-company-state.js';
import { listCompanies } from '@atendo/core/modules/companies/list-companies.js';
import { listCompaniesPaged } from '@atendo/core/modules/companies/list-companies-paged.js';
import { updateCompany } from '@atendo/core/modules/companies/update-company.js';
import { updateCompanySchedules } from '@atendo/core/modules/companies/update-company-schedules.js';
import { upsertCompanyResource } from '@atendo/core/modules/companies/upsert-company-resource.js';

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
