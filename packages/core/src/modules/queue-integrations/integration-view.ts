import { AppError, type QueueIntegrationDetailView } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/** An integration as its dialog edits it: whether a Dialogflow key is stored, never the key. */
const INTEGRATION_BY_ID = `
  SELECT id, type, name, "projectName", language, "urlN8N", "typebotSlug", "typebotExpires",
         "typebotDelayMessage", "typebotKeywordFinish", "typebotKeywordRestart",
         "typebotUnknownMessage", "typebotRestartMessage",
         COALESCE("jsonContent", '') <> '' AS "hasJsonContent", "createdAt", "updatedAt"
    FROM queue_integrations
   WHERE "companyId" = $1 AND id = $2`;

/** One integration of the company, or ERR_NOT_FOUND (another company's is not found either). */
export async function loadIntegration(
  db: TenantData,
  id: number,
): Promise<QueueIntegrationDetailView> {
  const [row] = await db.query<QueueIntegrationDetailView>(INTEGRATION_BY_ID, [db.companyId, id]);
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}
