import {
  idParams,
  messageView,
  planSchema,
  planView,
  publicPlansQuery,
  updatePlanSchema,
} from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

export const plansRoutes = {
  plansPublicList: route({
    method: 'GET',
    path: '/plans/list',
    access: 'public',
    tag: 'plans',
    summary: 'Public plans (signup)',
    query: publicPlansQuery,
    response: z.array(planView),
  }),
  plansAll: route({
    method: 'GET',
    path: '/plans/all',
    access: 'super',
    tag: 'plans',
    summary: 'Every plan',
    response: z.array(planView),
  }),
  plansShow: route({
    method: 'GET',
    path: '/plans/:id',
    access: 'super',
    tag: 'plans',
    summary: 'One plan',
    params: idParams,
    response: planView,
  }),
  plansCreate: route({
    method: 'POST',
    path: '/plans',
    access: 'super',
    tag: 'plans',
    summary: 'Create a plan',
    body: planSchema,
    status: 201,
    response: planView,
  }),
  plansUpdate: route({
    method: 'PUT',
    path: '/plans/:id',
    access: 'super',
    tag: 'plans',
    summary: 'Update a plan',
    params: idParams,
    body: updatePlanSchema,
    response: planView,
  }),
  plansDelete: route({
    method: 'DELETE',
    path: '/plans/:id',
    access: 'super',
    tag: 'plans',
    summary: 'Delete an unused plan',
    params: idParams,
    response: messageView,
  }),
} as const;
