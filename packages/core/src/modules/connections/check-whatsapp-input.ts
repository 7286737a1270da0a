import { randomInt } from 'node:crypto';
import { In } from 'typeorm';
import { AppError, whatsappRuleIssues, type UpdateWhatsappInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { PromptEntity, QueueEntity, QueueIntegrationEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A messages-API token: 30 random alphanumeric characters (docs/product/connections.md#limits-and-defaults). */
export function newConnectionToken(): string {
  let s = '';
  for (let i = 0; i < 30; i++) s += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return s;
}

/**
 * Checks a connection's merged values: the modal's cross-field rules, the greeting needed by
 * a multi-queue menu, and that every referenced queue, prompt and integration is the company's.
 * `changed` (on updates) names the fields sent: date windows are checked on those only.
 */
export async function checkWhatsappInput(
  ctx: AppContext,
  companyId: number,
  merged: UpdateWhatsappInput & { queueIds?: number[] },
  changed?: string[],
): Promise<void> {
  const issues = whatsappRuleIssues(merged, new Date(), changed);
  if (issues.length) {
    throw new AppError('ERR_VALIDATION', {
      fields: issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    });
  }
  const queueIds = [
    ...new Set(
      [...(merged.queueIds ?? []), merged.sendIdQueue, merged.queueIdImportMessages].filter(
        (v): v is number => !!v,
      ),
    ),
  ];
  if (queueIds.length) {
    const found = await tenantData(ctx.ds, companyId)
      .of(QueueEntity)
      .count({
        where: { id: In(queueIds) },
      });
    if (found !== queueIds.length)
      throw new AppError('ERR_VALIDATION', {
        fields: [{ field: 'queueIds', message: 'Unknown queue' }],
      });
  }
  if ((merged.queueIds?.length ?? 0) > 1 && !merged.greetingMessage?.trim())
    throw new AppError('ERR_WAPP_GREETING_REQUIRED');
  if (
    merged.promptId &&
    !(await tenantData(ctx.ds, companyId).of(PromptEntity).exists({ id: merged.promptId }))
  ) {
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'promptId', message: 'Unknown prompt' }],
    });
  }
  if (
    merged.integrationId &&
    !(await tenantData(ctx.ds, companyId)
      .of(QueueIntegrationEntity)
      .exists({ id: merged.integrationId }))
  ) {
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'integrationId', message: 'Unknown integration' }],
    });
  }
}
