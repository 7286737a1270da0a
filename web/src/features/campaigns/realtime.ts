import { eventBinding } from '@/lib/realtime/socket-cache';
import { campaignKeys } from './queries';

/**
 * `company-{id}-campaign`: `{action: create|update, record}` (the campaign with its report
 * counters) or `{action: delete, id}`. An update replaces the row in the loaded pages and
 * merges into the open detail, so a report moves with each push; a new campaign lands in a
 * searched, newest-first list only the server can rebuild, so the lists are refetched.
 */
export const campaignSocketBinding = eventBinding({
  entity: 'campaign',
  recordField: 'record',
  idField: 'id',
  detail: (id) => campaignKeys.detail(Number(id)),
  pages: [{ queryKey: campaignKeys.pages(), field: 'records' }],
});
