import { AppError, type PromptDetailView, MSG_QUEUE_REQUIRED_PT } from '@atendo/domain';
import { QueueEntity } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

/** A prompt as its dialog edits it: whether keys are stored, never the keys. */
const PROMPT_BY_ID = `
  SELECT p.id, p.name, p.prompt, p.voice, p."voiceRegion", p.model, p."queueId",
         CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('id', q.id, 'name', q.name) END
           AS queue,
         p."maxTokens", p.temperature, p."maxMessages",
         p."apiKey" <> '' AS "hasApiKey", COALESCE(p."voiceKey", '') <> '' AS "hasVoiceKey",
         p."createdAt", p."updatedAt"
    FROM prompts p
    LEFT JOIN queues q ON q."companyId" = p."companyId" AND q.id = p."queueId"
   WHERE p."companyId" = $1 AND p.id = $2`;

/** One prompt of the company, or ERR_NOT_FOUND (another company's is not found either). */
export async function loadPrompt(db: TenantData, id: number): Promise<PromptDetailView> {
  const [row] = await db.query<PromptDetailView>(PROMPT_BY_ID, [db.companyId, id]);
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}

/** Refuses a queue the company does not own ('Informe o setor', as for none). */
export async function requireQueue(db: TenantData, queueId: number): Promise<void> {
  if (!(await db.of(QueueEntity).exists({ id: queueId })))
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'queueId', message: MSG_QUEUE_REQUIRED_PT }],
    });
}
