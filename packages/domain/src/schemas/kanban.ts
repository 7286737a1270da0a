import { z } from 'zod';
import { MSG_INVALID_DATE } from './validation-messages.js';
import { idList } from './ticket.js';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG_INVALID_DATE)
  .optional();

/**
 * `GET /ticket/kanban`: the board's filters (docs/product/kanban-and-tags.md Kanban board: queues, start date, end
 * date; days of the company's time zone). The lineage also names the dates dateStart/dateEnd.
 */
export const kanbanTicketsQuery = z.object({
  queueIds: idList,
  startDate: day,
  endDate: day,
  dateStart: day,
  dateEnd: day,
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
});
export type KanbanTicketsQuery = z.infer<typeof kanbanTicketsQuery>;
