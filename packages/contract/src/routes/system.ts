import { versionView } from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

export const systemRoutes = {
  version: route({
    method: 'GET',
    path: '/version',
    access: 'public',
    tag: 'system',
    summary: 'Backend version',
    response: versionView,
  }),
  versionReport: route({
    method: 'POST',
    path: '/version',
    access: 'user',
    tag: 'system',
    summary:
      "Where a console of this product family reports its own version: nothing is stored (the backend's version is GET /version's)",
    body: z.object({
      version: z
        .string()
        .max(100)
        .refine((v) => !v.includes('\u0000'), 'Invalid text')
        .optional(),
    }),
    response: versionView,
  }),
  flowBuilderIndex: route({
    method: 'GET',
    path: '/flowbuilder',
    access: 'user',
    tag: 'system',
    summary:
      "Visual flows, which this product does not build (its bots are the queues' option trees, AI prompts and integrations): always an empty list, in the shape the family's connection dialogs read",
    response: z.object({
      flows: z.array(z.never()),
      count: z.literal(0),
      hasMore: z.literal(false),
    }),
  }),
} as const;
