import type { ModuleHttp } from '../../http/define-routes.js';
import { listKanbanLanes, listKanbanTickets } from '@atendo/core/modules/kanban/list-kanban.js';

export const kanbanHttp: ModuleHttp = (ctx) => ({
  handlers: {
    kanbanLanes: ({ auth }) => listKanbanLanes(ctx, { auth }),
    kanbanTickets: ({ auth, query }) => listKanbanTickets(ctx, { auth, query }),
  },
});
