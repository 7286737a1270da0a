import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { pickerPage } from '../pickers/picker-page.js';

/** GET /prompt: the company's AI prompts by name, never their provider key. */
export async function listPrompts(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number },
) {
  const { rows, count, hasMore } = await pickerPage(ctx, {
    name: 'prompts-picker',
    table: 'prompts',
    columns: `id, name, voice, model, "queueId", "maxTokens", temperature, "maxMessages",
      (SELECT json_build_object('id', q.id, 'name', q.name) FROM queues q
        WHERE q."companyId" = prompts."companyId" AND q.id = prompts."queueId") AS queue`,
    companyId: o.auth.companyId,
    searchParam: o.searchParam,
    pageNumber: o.pageNumber,
  });
  return { prompts: rows as never[], count, hasMore };
}
