import { randomInt } from 'node:crypto';
import { In } from 'typeorm';
import { AppError, whatsappRuleIssues, type UpdateWhatsappInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Prompt, Queue, QueueIntegration } from '../../db/entities/index.js';
import { tenantRepository } from '../../db/tenant.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A messages-API token: 30 random alphanumeric characters (spec 2 §9). */
export function newConnectionToken(): string {
  let s = '';
  for (let i = 0; i < 30; i++) s += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return s;
}

/**
 * Checks a connection's merged values: the modal's cross-field rules, the greeting needed by
 * a multi-queue menu, and that every referenced queue, prompt and integration is the company's.
 */
export async function checkWhatsappInput(
  ctx: AppContext,
  companyId: number,
  merged: UpdateWhatsappInput & { queueIds?: number[] },
): Promise<void> {
  const issues = whatsappRuleIssues(merged);
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
    const found = await tenantRepository<Queue>(ctx.ds, 'Queue', companyId).count({
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
    !(await tenantRepository<Prompt>(ctx.ds, 'Prompt', companyId).count({
      where: { id: merged.promptId },
    }))
  ) {
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'promptId', message: 'Unknown prompt' }],
    });
  }
  if (
    merged.integrationId &&
    !(await tenantRepository<QueueIntegration>(ctx.ds, 'QueueIntegration', companyId).count({
      where: { id: merged.integrationId },
    }))
  ) {
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'integrationId', message: 'Unknown integration' }],
    });
  }
}
