import { AppError, type QueueIntegrationInput, MSG_REQUIRED_PT } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QueueIntegrationEntity, type QueueIntegration } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadIntegration } from './integration-view.js';
import { featureData } from '../campaigns/plan-feature.js';

/**
 * The stored columns of a sent integration: every field is written (PUT replaces the record),
 * empty texts as null, the Typebot timings at their defaults when not sent. The Dialogflow key
 * is written only when one is sent.
 */
function columns(input: QueueIntegrationInput): Partial<QueueIntegration> {
  const orNull = (v: string | null | undefined) => (v ? v : null);
  const row: Partial<QueueIntegration> = {
    type: input.type,
    name: input.name,
    projectName: orNull(input.projectName),
    language: orNull(input.language),
    urlN8N: orNull(input.urlN8N),
    typebotSlug: orNull(input.typebotSlug),
    typebotExpires: input.typebotExpires ?? 1,
    typebotDelayMessage: input.typebotDelayMessage ?? 1000,
    typebotKeywordFinish: orNull(input.typebotKeywordFinish),
    typebotKeywordRestart: orNull(input.typebotKeywordRestart),
    typebotUnknownMessage: orNull(input.typebotUnknownMessage),
    typebotRestartMessage: orNull(input.typebotRestartMessage),
  };
  if (input.jsonContent) row.jsonContent = input.jsonContent;
  return row;
}

/** A Dialogflow integration needs its key: sent now, or stored before. */
function requireKey(input: QueueIntegrationInput, stored: boolean): void {
  if (input.type === 'dialogflow' && !input.jsonContent && !stored)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'jsonContent', message: MSG_REQUIRED_PT }],
    });
}

/** Refuses a name another integration of the company has. */
async function requireFreeName(db: TenantData, name: string, exceptId = 0): Promise<void> {
  const [taken] = await db.query(
    `SELECT 1 FROM queue_integrations WHERE "companyId" = $1 AND name = $2 AND id <> $3`,
    [db.companyId, name, exceptId],
  );
  if (taken) throw new AppError('ERR_DUPLICATED_INTEGRATION');
}

/** POST /queueIntegration: a new integration of the caller's company. */
export async function createIntegration(
  ctx: AppContext,
  o: { auth: Principal; input: QueueIntegrationInput },
) {
  const db = await featureData(ctx, o.auth, 'useIntegrations');
  requireKey(o.input, false);
  await requireFreeName(db, o.input.name);
  const { id } = await db.of(QueueIntegrationEntity).insert(columns(o.input) as QueueIntegration);
  const queueIntegration = await loadIntegration(db, id);
  ctx.events.publish('queue_integration.saved', {
    companyId: o.auth.companyId,
    queueIntegration,
    action: 'create',
  });
  return queueIntegration;
}

/** PUT /queueIntegration/:id: replaces the integration; a key not sent stays as stored. */
export async function updateIntegration(
  ctx: AppContext,
  o: { auth: Principal; id: number; input: QueueIntegrationInput },
) {
  const db = await featureData(ctx, o.auth, 'useIntegrations');
  const before = await loadIntegration(db, o.id);
  requireKey(o.input, before.hasJsonContent);
  await requireFreeName(db, o.input.name, o.id);
  const row = columns(o.input);
  // A key belongs to Dialogflow: another type drops the stored one.
  if (o.input.type !== 'dialogflow') row.jsonContent = null;
  await db.of(QueueIntegrationEntity).update({ id: o.id }, { ...row, updatedAt: new Date() });
  const queueIntegration = await loadIntegration(db, o.id);
  ctx.events.publish('queue_integration.saved', {
    companyId: o.auth.companyId,
    queueIntegration,
    action: 'update',
  });
  return queueIntegration;
}

/** DELETE /queueIntegration/:id: queues, options, connections and tickets lose it. */
export async function deleteIntegration(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await featureData(ctx, o.auth, 'useIntegrations');
  await loadIntegration(db, o.id);
  await db.of(QueueIntegrationEntity).delete({ id: o.id });
  ctx.events.publish('queue_integration.deleted', { companyId: o.auth.companyId, id: o.id });
  return { message: 'Integration deleted' };
}
