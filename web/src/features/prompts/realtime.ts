import type { PromptDetailView } from '@atendo/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { socketBinding } from '@/lib/realtime/socket-cache';
import { promptKeys, type PromptRow } from './queries';

type Page = { prompts: PromptRow[]; count?: number; hasMore: boolean };

/** Applies `change` to every loaded page of every cached prompts list. */
function patchPages(client: QueryClient, change: (rows: PromptRow[]) => PromptRow[]) {
  client.setQueriesData<InfiniteData<Page>>({ queryKey: promptKeys.pages() }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, prompts: change(p.prompts) })) } : data,
  );
}

/** The row a loaded page holds of the prompt `id`, if any. */
function loadedRow(client: QueryClient, id: number): PromptRow | undefined {
  for (const [, data] of client.getQueriesData<InfiniteData<Page>>({
    queryKey: promptKeys.pages(),
  }))
    for (const page of data?.pages ?? []) {
      const row = page.prompts.find((r) => r.id === id);
      if (row) return row;
    }
  return undefined;
}

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
export const promptSocketBinding = socketBinding<PromptDetailView>({
  entity: 'prompt',
  recordField: 'prompt',
  idField: 'promptId',
  detail: (id) => promptKeys.detail(Number(id)),
  invalidate: [promptKeys.picker()],
  onEvent: ({ action, record, id }, { client }) => {
    const row = record ? loadedRow(client, record.id) : undefined;
    if (action === 'update' && record && row && row.name === record.name)
      patchPages(client, (rows) => rows.map((r) => (r.id === record.id ? toRow(record) : r)));
    else if (action === 'delete' && id !== undefined)
      patchPages(client, (rows) => rows.filter((r) => r.id !== Number(id)));
    else void client.invalidateQueries({ queryKey: promptKeys.pages() });
  },
});
