import type { AppContext } from '../../context.js';
import { rooms } from '@atendo/domain';
import type { Pushes } from '../../events/pushes.js';

/**
 * `company-{id}-prompt` to the company's admins, who manage prompts: `{ action, prompt }` on a
 * create or update, `{ action: 'delete', promptId }` on a delete (the keys the lineage's
 * Prompts page reads). The prompt never carries its keys.
 */
export function registerPromptListeners({ events }: AppContext, realtime: Pushes): void {
  events.on('prompt.saved', ({ companyId, prompt, action }) =>
    realtime.emit(companyId, 'prompt', [rooms.admins], { action, prompt }),
  );
  events.on('prompt.deleted', ({ companyId, id }) =>
    realtime.emit(companyId, 'prompt', [rooms.admins], { action: 'delete', promptId: id }),
  );
}
