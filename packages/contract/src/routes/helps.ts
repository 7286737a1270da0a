import { helpView } from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

/** Help articles (the drawer shows the help entry only when any exist). */
export const helpsRoutes = {
  helpsList: route({
    method: 'GET',
    path: '/helps/list',
    access: 'user',
    tag: 'helps',
    summary: 'Every help article',
    response: z.array(helpView),
  }),
} as const;
