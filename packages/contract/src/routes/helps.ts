import {
  helpSchema,
  helpsPageView,
  helpsQuery,
  helpView,
  idParams,
  messageView,
  updateHelpSchema,
} from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

/**
 * Help articles (docs/product/settings.md#routes Helps): platform-wide videos every user reads (the help page, and
 * the drawer shows Help only when any exist); only super admins write them.
 */
export const helpsRoutes = {
  helpsIndex: route({
    method: 'GET',
    path: '/helps',
    access: 'user',
    tag: 'helps',
    summary: 'One page of help articles (title search, 20 a page)',
    query: helpsQuery,
    response: helpsPageView,
  }),
  helpsList: route({
    method: 'GET',
    path: '/helps/list',
    access: 'user',
    tag: 'helps',
    summary: 'Every help article',
    response: z.array(helpView),
  }),
  helpsCreate: route({
    method: 'POST',
    path: '/helps',
    access: 'super',
    tag: 'helps',
    summary: 'Create a help article',
    body: helpSchema,
    status: 201,
    response: helpView,
  }),
  helpsUpdate: route({
    method: 'PUT',
    path: '/helps/:id',
    access: 'super',
    tag: 'helps',
    summary: 'Update a help article',
    params: idParams,
    body: updateHelpSchema,
    response: helpView,
  }),
  helpsDelete: route({
    method: 'DELETE',
    path: '/helps/:id',
    access: 'super',
    tag: 'helps',
    summary: 'Delete a help article',
    params: idParams,
    response: messageView,
  }),
} as const;
