import type { ModuleHttp } from '../../http/define-routes.js';
import { createPlan } from '@atendo/core/modules/plans/create-plan.js';
import { deletePlan } from '@atendo/core/modules/plans/delete-plan.js';
import { findPlan } from '@atendo/core/modules/plans/find-plan.js';
import { listPlans } from '@atendo/core/modules/plans/list-plans.js';
import { updatePlan } from '@atendo/core/modules/plans/update-plan.js';

export const plansHttp: ModuleHttp = (ctx) => ({
  handlers: {
    plansPublicList: async () => listPlans(ctx, { publicOnly: true }),
    plansAll: async () => listPlans(ctx, { publicOnly: false }),
    plansShow: async ({ params }) => findPlan(ctx, { planId: params.id }),
    plansCreate: async ({ body }) => createPlan(ctx, body),
    plansUpdate: async ({ params, body }) => updatePlan(ctx, { planId: params.id, input: body }),
    plansDelete: async ({ params }) => deletePlan(ctx, { planId: params.id }),
  },
});
