import { isAppError, normaliseContactNumber } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { TenantData } from '../../db/tenant-data.js';

/** Channels whose accounts are WhatsApp numbers (what isWhatsappValid means). */
const WHATSAPP_CHANNELS = ['whatsapp', 'whatsappapi'];

/** A number as a list stores it, and whether WhatsApp confirmed it. */
export interface CheckedNumber {
  number: string;
  isWhatsappValid: boolean;
}

/** Checks numbers one at a time on the company's connected WhatsApp channel, when there is one. */
export type NumberChecker = (number: string) => Promise<CheckedNumber>;

/**
 * The checker of a company's list numbers. Each number is first normalised as contacts' are
 * (country code, no mask); then, when a CONNECTED WhatsApp connection (the default first)
 * has a channel adapter that can check numbers, it is asked: a number with an account is
 * valid and stored in the channel's canonical form (Brazil's ninth digit). Without such a
 * connection, or when the check fails (session gone), the number stays unchecked (false) and
 * later numbers of the same run are not asked again.
 */
export async function numberChecker(ctx: AppContext, db: TenantData): Promise<NumberChecker> {
  const connections = await db.query<{ id: number; channel: string }>(
    `SELECT id, channel FROM whatsapps
      WHERE "companyId" = $1 AND status = 'CONNECTED' AND channel = ANY($2)
      ORDER BY "isDefault" DESC, id`,
    [db.companyId, WHATSAPP_CHANNELS],
  );
  const found = connections
    .map((w) => ({ w, adapter: ctx.channels.for(w.channel) }))
    .find((c) => typeof c.adapter.checkNumber === 'function');
  let usable = Boolean(found);
  return async (raw) => {
    const number = normaliseContactNumber(raw);
    if (!found || !usable) return { number, isWhatsappValid: false };
    try {
      const r = await found.adapter.checkNumber!({
        companyId: db.companyId,
        whatsappId: found.w.id,
        number,
      });
      return r.exists
        ? { number: (r.number ?? number).replace(/\D/g, '') || number, isWhatsappValid: true }
        : { number, isWhatsappValid: false };
    } catch (err) {
      if (!isAppError(err)) ctx.logger.warn({ err }, 'contact list: number check failed');
      usable = false;
      return { number, isWhatsappValid: false };
    }
  };
}
