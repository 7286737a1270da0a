import {
  CAMPAIGN_CONFIRMATION_WAIT_MS,
  campaignGapMs,
  campaignWindowOpenUntil,
  localDayStart,
  msUntilCampaignWindow,
  msUntilNextLocalDay,
} from '@atendo/domain';
import type { CampaignProgress } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import { withCompany } from '../../db/tenant-scope.js';
import {
  campaignProgress,
  loadDeliveryState,
  moveCampaignStatus,
  publishCampaignProgress,
  type DeliveryState,
} from './delivery-state.js';
import { sendCampaignShipping, type ShippingPart } from './send-campaign-shipping.js';

/** How long a campaign waits before looking at a connection that is not CONNECTED again. */
export const CAMPAIGN_DISCONNECTED_RETRY_MS = 60_000;
/** How often a batch pushes its progress. */
const PROGRESS_EVERY_MS = 2_000;
/** While replies to confirmations are awaited, the database is read this often (signals come first). */
export const CAMPAIGN_CONFIRMATION_POLL_MS = 30 * 60_000;

/** What the workflow does after one {@link deliverCampaignStep}. */
export type CampaignStep =
  /** Sent some messages; `sent` is the workflow's running count; sleep `gapMs` before the next step. */
  | { kind: 'sent'; sent: number; gapMs: number; progress: CampaignProgress }
  /** Nothing may be sent now: sleep `ms` (a signal may end the wait for confirmations early). */
  | {
      kind: 'wait';
      reason: 'window' | 'connection' | 'daily-limit' | 'confirmations';
      ms: number;
      sent: number;
      progress: CampaignProgress;
    }
  /** The campaign is no longer EM_ANDAMENTO (cancelled, deleted): stop. */
  | { kind: 'stopped'; progress: CampaignProgress }
  /** Everything was sent (and the confirmations window closed): FINALIZADA. */
  | { kind: 'finished'; progress: CampaignProgress };

export interface CampaignStepOptions {
  companyId: number;
  campaignId: number;
  /**
   * The workflow's clock (ms) when it asked: every time rule (window, daily cap, confirmations
   * window, deliveredAt) reads it, advanced by the activity's own run time, so a workflow whose
   * timers were skipped (tests) or delayed sees the time its timers say.
   */
  now: number;
  /** Messages the workflow sent so far (the longer interval falls on every longerIntervalAfter-th). */
  sent: number;
  /** With zero gaps, at most this many sends in one call… */
  maxSends?: number;
  /** …and for about this long (the progress is pushed every couple of seconds meanwhile). */
  maxMs?: number;
  /** Called after every send (the activity's heartbeat). */
  heartbeat?: () => void;
}

/**
 * One step of a campaign's delivery, deciding everything from the database: the next records
 * in id order (main messages of confirmed recipients first, then confirmation requests or main
 * messages), one send when the settings ask for a pause after it, or a batch while the pauses
 * are zero; or how long to wait (outside the sending window, connection not CONNECTED, the
 * connection's daily cap reached, replies to confirmations still awaited); or the end.
 */
export async function deliverCampaignStep(
  ctx: AppContext,
  o: CampaignStepOptions,
): Promise<CampaignStep> {
  return withCompany(o.companyId, async () => {
    const db = tenantData(ctx.ds, o.companyId);
    const state = await loadDeliveryState(ctx, db, o.campaignId);
    if (!state || state.campaign.status !== 'EM_ANDAMENTO')
      return {
        kind: 'stopped',
        progress: await campaignProgress(db, o.campaignId, state?.campaign.status ?? 'DELETED'),
      };
    const result = await sendSome(ctx, db, state, o);
    if (result.kind === 'finished') {
      await moveCampaignStatus(ctx, db, o.campaignId, ['EM_ANDAMENTO'], 'FINALIZADA');
      return { kind: 'finished', progress: await campaignProgress(db, o.campaignId, 'FINALIZADA') };
    }
    if (result.kind === 'stopped') {
      const now = await db.query<{ status: string }>(
        `SELECT status FROM campaigns WHERE "companyId" = $1 AND id = $2`,
        [db.companyId, o.campaignId],
      );
      return {
        kind: 'stopped',
        progress: await campaignProgress(db, o.campaignId, now[0]?.status ?? 'DELETED'),
      };
    }
    const progress =
      result.sentNow > 0
        ? await publishCampaignProgress(ctx, db, o.campaignId, 'EM_ANDAMENTO')
        : await campaignProgress(db, o.campaignId, 'EM_ANDAMENTO');
    return result.kind === 'sent'
      ? { kind: 'sent', sent: result.sent, gapMs: result.gapMs, progress }
      : { kind: 'wait', reason: result.reason, ms: result.ms, sent: result.sent, progress };
  });
}

type Inner =
  | { kind: 'sent'; sent: number; sentNow: number; gapMs: number }
  | {
      kind: 'wait';
      reason: 'window' | 'connection' | 'daily-limit' | 'confirmations';
      ms: number;
      sent: number;
      sentNow: number;
    }
  | { kind: 'stopped' }
  | { kind: 'finished' };

async function sendSome(
  ctx: AppContext,
  db: TenantData,
  state: DeliveryState,
  o: CampaignStepOptions,
): Promise<Inner> {
  const { campaign, settings, timeZone, connection } = state;
  const maxSends = o.maxSends ?? 500;
  const started = Date.now();
  const clock = () => new Date(o.now + (Date.now() - started));
  const deadline = started + (o.maxMs ?? 30_000);
  let progressAt = started;
  let sent = o.sent;
  let sentNow = 0;
  const wait = (reason: Extract<Inner, { kind: 'wait' }>['reason'], ms: number): Inner => ({
    kind: 'wait',
    reason,
    ms: Math.max(1_000, Math.ceil(ms)),
    sent,
    sentNow,
  });
  if (!connection || connection.status !== 'CONNECTED')
    return wait('connection', CAMPAIGN_DISCONNECTED_RETRY_MS);
  const limit = connection.campaignDailyLimit;
  let openUntil = 0;
  let sentToday = limit != null ? await sentTodayOn(db, connection.id, timeZone, clock()) : 0;

  for (;;) {
    const batch = await nextShippings(db, campaign.id, Math.min(50, maxSends - sentNow));
    if (batch.length === 0)
      return sentNow > 0 ? { kind: 'sent', sent, sentNow, gapMs: 0 } : endOrWait();
    for (const next of batch) {
      const now = clock();
      if (now.getTime() >= openUntil) {
        const closed = msUntilCampaignWindow(now, timeZone, settings);
        if (closed > 0) return wait('window', closed);
        openUntil = campaignWindowOpenUntil(now, timeZone, settings);
      }
      if (limit != null && sentToday >= limit)
        return wait('daily-limit', msUntilNextLocalDay(now, timeZone));
      const outcome = await sendCampaignShipping(ctx, {
        db,
        campaign,
        connection,
        timeZone,
        shippingId: next.id,
        part: next.part,
        at: now,
      });
      if (outcome === 'stopped') return { kind: 'stopped' };
      if (outcome === 'disconnected') return wait('connection', CAMPAIGN_DISCONNECTED_RETRY_MS);
      if (outcome !== 'sent') continue;
      sent++;
      sentNow++;
      sentToday++;
      o.heartbeat?.();
      const gapMs = campaignGapMs(sent, settings);
      // A long batch still moves the console's progress bar.
      if (gapMs === 0 && Date.now() - progressAt >= PROGRESS_EVERY_MS) {
        progressAt = Date.now();
        await publishCampaignProgress(ctx, db, campaign.id, 'EM_ANDAMENTO');
      }
      if (gapMs > 0 || sentNow >= maxSends || Date.now() >= deadline)
        return { kind: 'sent', sent, sentNow, gapMs };
    }
  }

  /** Nothing left to send: wait for confirmations still unanswered, or finish. */
  async function endOrWait(): Promise<Inner> {
    const [open] = await db.query<{ count: number; last: Date | null }>(
      `SELECT count(*)::int AS count, max("confirmationRequestedAt") AS last
         FROM campaign_shippings
        WHERE "companyId" = $1 AND "campaignId" = $2 AND "deliveredAt" IS NULL AND confirmation
          AND "confirmationRequestedAt" IS NOT NULL AND "confirmedAt" IS NULL`,
      [db.companyId, campaign.id],
    );
    if (open && open.count > 0 && open.last) {
      const left =
        new Date(open.last).getTime() + CAMPAIGN_CONFIRMATION_WAIT_MS - clock().getTime();
      if (left > 0) return wait('confirmations', Math.min(left, CAMPAIGN_CONFIRMATION_POLL_MS));
    }
    return { kind: 'finished' };
  }
}

/**
 * The next records to act on, in id order: main messages of recipients who confirmed come
 * first, then records still waiting for their first message (the confirmation request when
 * the record asks for one). Reads the partial index of undelivered records only.
 */
async function nextShippings(
  db: TenantData,
  campaignId: number,
  limit: number,
): Promise<{ id: number; part: ShippingPart }[]> {
  const rows = await db.query<{ id: number; main: boolean }>(
    `(SELECT id, true AS main FROM campaign_shippings
       WHERE "companyId" = $1 AND "campaignId" = $2 AND "deliveredAt" IS NULL AND confirmation
         AND "confirmedAt" IS NOT NULL
       ORDER BY id LIMIT $3)
     UNION ALL
     (SELECT id, NOT confirmation AS main FROM campaign_shippings
       WHERE "companyId" = $1 AND "campaignId" = $2 AND "deliveredAt" IS NULL
         AND (NOT confirmation OR "confirmationRequestedAt" IS NULL)
       ORDER BY id LIMIT $3)`,
    [db.companyId, campaignId, limit],
  );
  return rows.slice(0, limit).map((r) => ({ id: r.id, part: r.main ? 'main' : 'confirmation' }));
}

/** Campaign messages the connection sent since the company's local midnight. */
async function sentTodayOn(
  db: TenantData,
  whatsappId: number,
  timeZone: string,
  now: Date,
): Promise<number> {
  const since = localDayStart(now, timeZone);
  const [row] = await db.query<{ count: number }>(
    `SELECT (SELECT count(*) FROM campaign_shippings s JOIN campaigns c ON c.id = s."campaignId"
              WHERE s."companyId" = $1 AND c."whatsappId" = $2 AND s."deliveredAt" >= $3)
          + (SELECT count(*) FROM campaign_shippings s JOIN campaigns c ON c.id = s."campaignId"
              WHERE s."companyId" = $1 AND c."whatsappId" = $2 AND s."confirmationRequestedAt" >= $3)
            AS count`,
    [db.companyId, whatsappId, since],
  );
  return Number(row?.count ?? 0);
}
