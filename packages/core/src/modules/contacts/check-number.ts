import { isAppError, normaliseContactNumber } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { TenantData } from '../../db/tenant-data.js';
import {
  CHECK_NUMBERS_MAX,
  type ChannelAdapter,
  type NumberCheck,
} from '../../channels/channel-adapter.js';

/** Channels whose accounts are WhatsApp numbers (what isWhatsappValid means). */
const WHATSAPP_CHANNELS = ['whatsapp', 'whatsappapi'];

/** A number as a list stores it, and whether WhatsApp confirmed it. */
export interface CheckedNumber {
  number: string;
  isWhatsappValid: boolean;
  /** The channel answered for this number (false: no connected session, or its call failed). */
  checked?: boolean;
}

/** Checks numbers one at a time on the company's connected WhatsApp channel, when there is one. */
export type NumberChecker = (number: string) => Promise<CheckedNumber>;

/** Checks many numbers (in paced batches); one answer per number, in order. */
export type NumbersChecker = (numbers: string[]) => Promise<CheckedNumber[]>;

/**
 * How imports pace their number checks on one connection. WhatsApp bans accounts that look
 * numbers up in bulk, and what it sees is the rate of contact queries: so numbers go
 * `batchSize` to a call (the session asks them in ONE query; 50 is its limit and about what
 * WhatsApp Web's own contact syncs ask at once), one call at a time per connection, and each
 * call waits `pauseMs` after the previous one on that connection answered, whichever import
 * or list it serves (in this api process): under one query a second. An import of 5,000
 * numbers is then 100 queries over 100 s or more, where it was 5,000 queries (and as many LID
 * look-ups) five at a time. A second: safe is what matters, and slower would make the largest
 * imports (10,000 rows, answered when done) take well over five minutes. Tests shorten it.
 */
export const numberCheckPacing = { batchSize: CHECK_NUMBERS_MAX, pauseMs: 1_000 };

/** Per connection: settles when its next check call may start. */
const lanes = new Map<number, Promise<void>>();

/** Runs `call` in the connection's lane: one call at a time, each `pauseMs` after the last answered. */
async function paced<T>(whatsappId: number, call: () => Promise<T>): Promise<T> {
  const before = lanes.get(whatsappId);
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  lanes.set(whatsappId, mine);
  await before;
  try {
    return await call();
  } finally {
    setTimeout(() => {
      if (lanes.get(whatsappId) === mine) lanes.delete(whatsappId);
      release();
    }, numberCheckPacing.pauseMs).unref();
  }
}

/** The company's connected WhatsApp connection (the default first) whose adapter `can` check. */
async function checkingConnection(
  ctx: AppContext,
  db: TenantData,
  can: (adapter: ChannelAdapter) => boolean,
) {
  const connections = await db.query<{ id: number; channel: string }>(
    `SELECT id, channel FROM whatsapps
      WHERE "companyId" = $1 AND status = 'CONNECTED' AND channel = ANY($2)
      ORDER BY "isDefault" DESC, id`,
    [db.companyId, WHATSAPP_CHANNELS],
  );
  return connections
    .map((w) => ({ w, adapter: ctx.channels.for(w.channel) }))
    .find((c) => can(c.adapter));
}

/** A number as stored: the channel's canonical form when it has one, digits only. */
const stored = (number: string, canonical: string | null) =>
  (canonical ?? number).replace(/\D/g, '') || number;

/**
 * The checker of a company's list numbers. Each number is first normalised as contacts' are
 * (country code, no mask); then, when a CONNECTED WhatsApp connection (the default first)
 * has a channel adapter that can check numbers, it is asked: a number with an account is
 * valid and stored in the channel's canonical form (Brazil's ninth digit). Without such a
 * connection, or when the check fails (session gone), the number stays unchecked (false) and
 * later numbers of the same run are not asked again. One number per call: for typed items;
 * imports use numbersChecker.
 */
export async function numberChecker(ctx: AppContext, db: TenantData): Promise<NumberChecker> {
  const found = await checkingConnection(ctx, db, (a) => typeof a.checkNumber === 'function');
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
        ? { number: stored(number, r.number), isWhatsappValid: true }
        : { number, isWhatsappValid: false };
    } catch (err) {
      if (!isAppError(err)) ctx.logger.warn({ err }, 'contact list: number check failed');
      usable = false;
      return { number, isWhatsappValid: false };
    }
  };
}

/** One batch through the adapter: checkNumbers, else checkNumber one by one. */
async function checkBatch(
  adapter: ChannelAdapter,
  m: { companyId: number; whatsappId: number; numbers: string[] },
): Promise<NumberCheck[]> {
  // Lists keep no LID: not asking spares the session a look-up per number.
  if (adapter.checkNumbers) return adapter.checkNumbers({ ...m, lids: false });
  const out: NumberCheck[] = [];
  for (const input of m.numbers)
    out.push({ input, ...(await adapter.checkNumber!({ ...m, number: input })), lid: null });
  return out;
}

/**
 * numberChecker for many numbers at once (imports): each distinct normalised number is asked
 * once, `numberCheckPacing.batchSize` to a call, the calls paced per connection
 * (`numberCheckPacing`). A failed call (session gone) leaves its numbers and every later one
 * unchecked (false), without asking again.
 */
export async function numbersChecker(ctx: AppContext, db: TenantData): Promise<NumbersChecker> {
  const found = await checkingConnection(
    ctx,
    db,
    (a) => typeof a.checkNumbers === 'function' || typeof a.checkNumber === 'function',
  );
  return async (raws) => {
    const numbers = raws.map((raw) => normaliseContactNumber(raw));
    const answers = new Map<string, CheckedNumber>();
    if (found) {
      const distinct = [...new Set(numbers)];
      const size = Math.max(1, Math.min(numberCheckPacing.batchSize, CHECK_NUMBERS_MAX));
      for (let from = 0; from < distinct.length; from += size) {
        const batch = distinct.slice(from, from + size);
        let results: NumberCheck[];
        try {
          results = await paced(found.w.id, () =>
            checkBatch(found.adapter, {
              companyId: db.companyId,
              whatsappId: found.w.id,
              numbers: batch,
            }),
          );
        } catch (err) {
          if (!isAppError(err)) ctx.logger.warn({ err }, 'contact list: number check failed');
          break;
        }
        for (const [n, r] of results.entries()) {
          const number = batch[n]!;
          answers.set(
            number,
            r.exists
              ? { number: stored(number, r.number), isWhatsappValid: true, checked: true }
              : { number, isWhatsappValid: false, checked: true },
          );
        }
      }
    }
    return numbers.map((number) => answers.get(number) ?? { number, isWhatsappValid: false });
  };
}
