import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { pickerPage } from '../pickers/picker-page.js';

/** GET /queueIntegration: the company's integrations by name, without their credentials. */
export async function listQueueIntegrations(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number },
) {
  const { rows, count, hasMore } = await pickerPage(ctx, {
    name: 'queue-integrations-picker',
    table: 'queue_integrations',
    columns: `id, name, type, "projectName", language, "urlN8N", "typebotSlug"`,
    companyId: o.auth.companyId,
    searchParam: o.searchParam,
    pageNumber: o.pageNumber,
  });
  return { queueIntegrations: rows as never[], count, hasMore };
}
