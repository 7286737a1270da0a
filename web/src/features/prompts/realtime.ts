import type { PromptDetailView } from '@atendo/domain';
import { eventBinding } from '@/lib/realtime/socket-cache';
import { promptKeys, type PromptRow } from './queries';

/** The list row of a prompt's detail view (what GET /prompt carries). */
function toRow(prompt: PromptDetailView): PromptRow {
  return {
    id: prompt.id,
    name: prompt.name,
    voice: prompt.voice,
    model: prompt.model,
    queueId: prompt.queueId,
    maxTokens: prompt.maxTokens,
    temperature: prompt.temperature,
    maxMessages: prompt.maxMessages,
    queue: prompt.queue,
  };
}

/**
 * `company-{id}-prompt` (sent to admins): `{action: create|update, prompt: <detail>}` or
 * `{action: delete, promptId}`. The detail query takes the new copy; a loaded row whose name
 * is unchanged is patched in place, a delete drops the row, and anything else (a create, a
 * rename that may move it in the name order) refetches the pages. The connection modal's
 * picker is refetched on any change.
 */
export const promptSocketBinding = eventBinding({
  entity: 'prompt',
  recordField: 'prompt',
  idField: 'promptId',
  detail: (id) => promptKeys.detail(Number(id)),
  invalidate: [promptKeys.picker()],
  pages: [
    {
      queryKey: promptKeys.pages(),
      field: 'prompts',
      inPlace: (loaded, record) => loaded.length > 0 && loaded[0]!.name === record.name,
      toRow,
    },
  ],
});
