import { versionView } from '@atendo/domain';
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
} as const;
