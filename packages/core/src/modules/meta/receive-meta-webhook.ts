import { isAppError, type InboundEvent } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactEntity, type Whatsapp } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import { receiveInbound, type InboundMedia } from '../inbound/receive-inbound.js';
import { downloadMetaMedia } from './download-meta-media.js';
import { fetchPageProfile } from './fetch-page-profile.js';
import { mapCloudWebhook } from './map-cloud-webhook.js';
import { mapMessengerWebhook } from './map-messenger-webhook.js';
import type { MetaChannel, MetaInbound } from './meta-inbound.js';

type Conn = Pick<
  Whatsapp,
  'id' | 'companyId' | 'channel' | 'facebookPageUserId' | 'facebookUserToken' | 'tokenMeta'
>;

/** Messenger reads acknowledge at most this many of our messages per watermark. */
const READ_BATCH = 200;

/**
 * A signed Meta webhook (its signature already checked): mapped by its object
 * (`whatsapp_business_account` → Cloud API, `page` → Messenger, `instagram`), each item's
 * connection found by the account id Meta names (phone-number id or page/Instagram id =
 * facebookPageUserId, of that channel: the only cross-company read, before any company is
 * known), then every item handed to the inbound pipeline in order, each on its own: a
 * failing one is logged and never stops the others. Returns how many were taken and whether
 * one failed for a reason other than its content, with the first such failure (the caller then
 * answers an error so Meta redelivers; what was stored deduplicates).
 */
export async function receiveMetaWebhook(
  ctx: AppContext,
  payload: { object: string; entry: unknown[] },
): Promise<{ received: number; retry: boolean; failure?: unknown }> {
  const mapped =
    payload.object === 'whatsapp_business_account'
      ? mapCloudWebhook(payload)
      : payload.object === 'page' || payload.object === 'instagram'
        ? mapMessengerWebhook(payload)
        : { items: [], skipped: [`unknown object ${payload.object}`] };
  if (mapped.skipped.length)
    ctx.logger.info({ object: payload.object, skipped: mapped.skipped }, 'meta webhook: left out');
  if (!mapped.items.length) return { received: 0, retry: false };

  const conns = await connectionsOf(ctx, mapped.items);
  let received = 0;
  let retry = false;
  let failure: unknown;
  for (const item of mapped.items) {
    const conn = conns.get(`${item.channel}:${item.accountId}`);
    if (!conn) {
      ctx.logger.info(
        { channel: item.channel, accountId: item.accountId },
        'meta webhook: no connection for this account',
      );
      continue;
    }
    try {
      await receiveItem(ctx, conn, item);
      received++;
    } catch (err) {
      const permanent = isAppError(err) && err.status < 500;
      if (!permanent) {
        retry = true;
        failure ??= err;
      }
      ctx.logger.warn(
        { err, companyId: conn.companyId, whatsappId: conn.id, channel: item.channel },
        'meta webhook: an item failed',
      );
    }
  }
  return { received, retry, failure };
}

/**
 * Connections found recently, per api context: a busy number sends many webhooks a second,
 * and each lookup is a cross-company read. Only found ones are kept, for a few seconds (a
 * new connection answers at once; a deleted one is refused by the pipeline itself).
 */
const recent = new WeakMap<AppContext, Map<string, { conn: Conn; at: number }>>();
const RECENT_MS = 5000;

/** The connections named by a webhook's items, keyed `channel:accountId`. */
async function connectionsOf(ctx: AppContext, items: MetaInbound[]): Promise<Map<string, Conn>> {
  if (!recent.has(ctx)) recent.set(ctx, new Map());
  const cache = recent.get(ctx)!;
  const now = Date.now();
  const out = new Map<string, Conn>();
  const byChannel = new Map<MetaChannel, Set<string>>();
  for (const i of items) {
    const key = `${i.channel}:${i.accountId}`;
    const hit = cache.get(key);
    if (hit && now - hit.at < RECENT_MS) {
      out.set(key, hit.conn);
      continue;
    }
    if (!byChannel.has(i.channel)) byChannel.set(i.channel, new Set());
    byChannel.get(i.channel)!.add(i.accountId);
  }
  const all = crossTenantData(ctx.ds, 'meta-webhook');
  for (const [channel, ids] of byChannel) {
    // Every webhook of an account not seen in the last seconds (and of an unknown one) reads
    // here: lean SQL over the facebookPageUserId index, no entity hydration.
    const rows = await all.query<Conn>(
      `SELECT id, "companyId", channel, "facebookPageUserId", "facebookUserToken", "tokenMeta"
         FROM whatsapps WHERE channel = $1 AND "facebookPageUserId" = ANY($2::text[])
        ORDER BY id`,
      [channel, [...ids]],
    );
    // POST /facebook keeps an account on one connection; the oldest wins if data says otherwise.
    for (const r of rows) {
      const key = `${channel}:${r.facebookPageUserId}`;
      if (out.has(key)) continue;
      out.set(key, r);
      cache.set(key, { conn: r, at: now });
    }
  }
  if (cache.size > 10_000) for (const [k, v] of cache) if (now - v.at >= RECENT_MS) cache.delete(k);
  return out;
}

async function receiveItem(ctx: AppContext, conn: Conn, item: MetaInbound): Promise<void> {
  const target = { companyId: conn.companyId, whatsappId: conn.id };
  const token = conn.channel === 'whatsappapi' ? conn.tokenMeta : conn.facebookUserToken;
  if (item.type === 'readUntil') {
    for (const wid of await unreadSentUntil(ctx, conn, item.customerId, item.watermark))
      await receiveInbound(ctx, target, { type: 'ack', wid, ack: 3 });
    return;
  }
  let event: InboundEvent = item.event;
  if (
    event.type === 'message' &&
    event.contact.platformId &&
    (conn.channel === 'facebook' || conn.channel === 'instagram') &&
    token
  )
    event = { ...event, contact: await withProfile(ctx, conn, event.contact.platformId, token) };
  let media: InboundMedia | undefined;
  if (item.media) media = await downloadMetaMedia(ctx, item.media, token);
  await receiveInbound(ctx, target, event, media);
}

/** A new Messenger/Instagram customer gets their name and picture from Graph (best effort). */
async function withProfile(ctx: AppContext, conn: Conn, customerId: string, token: string) {
  const known = await tenantData(ctx.ds, conn.companyId)
    .of(ContactEntity)
    .exists({ number: customerId, channel: conn.channel });
  if (known) return { platformId: customerId };
  const p = await fetchPageProfile(ctx, {
    channel: conn.channel as 'facebook' | 'instagram',
    customerId,
    token,
  });
  return { platformId: customerId, name: p.name, profilePicUrl: p.profilePicUrl };
}

/** Our messages to a Messenger customer sent up to a read watermark and not yet read. */
async function unreadSentUntil(
  ctx: AppContext,
  conn: Conn,
  customerId: string,
  watermark: number,
): Promise<string[]> {
  const rows = await tenantData(ctx.ds, conn.companyId).query<{ wid: string }>(
    `SELECT m.wid FROM messages m
       JOIN tickets t ON t.id = m."ticketId" AND t."companyId" = m."companyId"
       JOIN contacts c ON c.id = t."contactId" AND c."companyId" = t."companyId"
      WHERE m."companyId" = $1 AND m."whatsappId" = $2 AND c.number = $3 AND c.channel = $4
        AND m."fromMe" AND m.wid IS NOT NULL AND m.ack BETWEEN 1 AND 2 AND m."createdAt" <= $5
      ORDER BY m."createdAt" DESC LIMIT ${READ_BATCH}`,
    [conn.companyId, conn.id, customerId, conn.channel, new Date(watermark)],
  );
  return rows.map((r) => r.wid);
}
