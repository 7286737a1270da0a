import { In, Not } from 'typeorm';
import { AppError, type FacebookConnectInput, type FacebookConnectView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, WhatsappEntity, type Whatsapp } from '../../db/entities/index.js';
import { crossTenantData, platformData } from '../../db/platform-data.js';
import type { Principal } from '../../access/principal.js';
import { connectionCompanyOf } from './connections-access.js';
import { newConnectionToken } from './check-whatsapp-input.js';
import { loadWhatsapp } from './connections-access.js';
import { toWhatsappView } from './whatsapp-view.js';
import { GraphError, graphJson } from '../meta/graph-client.js';

/** The webhook fields a page subscribes our app to (Messenger and its Instagram account). */
const SUBSCRIBED_FIELDS =
  'messages,message_deliveries,message_reads,message_echoes,message_reactions,messaging_postbacks';

interface Page {
  id: string;
  name?: string;
  access_token?: string;
  instagram_business_account?: { id: string; username?: string; name?: string };
}

/** One connection POST /facebook wants for a page or its Instagram account. */
interface Wanted {
  channel: 'facebook' | 'instagram';
  accountId: string;
  name: string;
  pageId: string;
  pageToken: string;
}

/** Graph refusing the user's token (expired, revoked, wrong app) is the caller's problem. */
async function graph<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof GraphError && err.status < 500) throw new AppError('ERR_INVALID_TOKEN');
    throw err;
  }
}

/**
 * POST /facebook (docs/product/connections.md#routes): a Facebook login's user token becomes connections. The token
 * is exchanged for a long-lived one (when the app's id and secret are configured), the user's
 * pages are listed with their page tokens, and each page becomes a `facebook` connection (and
 * its Instagram business account an `instagram` one, with addInstagram), each as allowed by
 * the plan (useFacebook, useInstagram) and within its connection limit. The app is subscribed
 * to each page's webhooks. An account already connected in this company keeps its connection
 * and gets the new token; one connected in another company is refused (webhooks are routed by
 * account id, so an account belongs to one connection of the platform).
 */
export async function connectFacebookPages(
  ctx: AppContext,
  o: { auth: Principal; input: FacebookConnectInput },
): Promise<FacebookConnectView> {
  const { facebookUserId, facebookUserToken, addInstagram = false } = o.input;
  const companyId = connectionCompanyOf(o.auth, o.input.companyId);
  const company = await platformData(ctx.ds)
    .of(CompanyEntity)
    .findOne({ where: { id: companyId }, relations: { plan: true } });
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  if (!company.plan) throw new AppError('ERR_NO_PLAN_FOUND');
  const wantFacebook = company.plan.useFacebook;
  const wantInstagram = addInstagram && company.plan.useInstagram;
  if (!wantFacebook && !wantInstagram) throw new AppError('ERR_CHANNEL_NOT_IN_PLAN');

  const userToken = await graph(() => longLivedToken(ctx, facebookUserToken));
  const { data: pages = [] } = await graph(() =>
    graphJson<{ data?: Page[] }>(ctx, {
      path: `/${facebookUserId}/accounts`,
      token: userToken,
      query: {
        fields: 'id,name,access_token,instagram_business_account{id,username,name}',
        limit: '100',
      },
    }),
  );
  const wanted: Wanted[] = [];
  for (const p of pages) {
    if (!p.id || !p.access_token) continue;
    const name = (p.name ?? p.id).slice(0, 40);
    if (wantFacebook)
      wanted.push({
        channel: 'facebook',
        accountId: p.id,
        name,
        pageId: p.id,
        pageToken: p.access_token,
      });
    const ig = p.instagram_business_account;
    if (wantInstagram && ig?.id)
      wanted.push({
        channel: 'instagram',
        accountId: ig.id,
        name: `Insta ${ig.username ?? ig.name ?? ig.id}`.slice(0, 40),
        pageId: p.id,
        pageToken: p.access_token,
      });
  }
  if (!wanted.length) throw new AppError('ERR_NOT_FOUND');

  // Another company's account is refused before anything is subscribed or stored.
  const elsewhere = await crossTenantData(ctx.ds, 'platform-unique-values')
    .of(WhatsappEntity)
    .exists({
      facebookPageUserId: In(wanted.map((w) => w.accountId)),
      channel: In(['facebook', 'instagram']),
      companyId: Not(companyId),
    });
  if (elsewhere) throw new AppError('ERR_DUPLICATED_CONNECTION');

  for (const pageId of new Set(wanted.map((w) => w.pageId))) {
    const w = wanted.find((x) => x.pageId === pageId)!;
    await graph(() =>
      graphJson(ctx, {
        path: `/${pageId}/subscribed_apps`,
        token: w.pageToken,
        query: { subscribed_fields: SUBSCRIBED_FIELDS },
        method: 'POST',
      }),
    );
  }

  const { created, updated } = await platformData(ctx.ds).transaction(async (tx) => {
    const locked = await tx.of(CompanyEntity).findOne({
      where: { id: companyId },
      relations: { plan: true },
      lock: { mode: 'pessimistic_write', tables: ['companies'] },
    });
    const repo = tx.tenant(companyId).of(WhatsappEntity);
    const limit = locked?.numberConections ?? locked?.plan?.connections ?? 0;
    let count = await repo.count();
    const created: Whatsapp[] = [];
    const updated: Whatsapp[] = [];
    for (const w of wanted) {
      const tokens = {
        facebookUserId,
        facebookUserToken: w.pageToken,
        tokenMeta: userToken,
        status: 'CONNECTED',
      };
      const existing = await repo.findOne({
        where: { channel: w.channel, facebookPageUserId: w.accountId },
      });
      if (existing) {
        await repo.update({ id: existing.id }, tokens);
        updated.push(existing);
        continue;
      }
      if (limit > 0 && count >= limit) throw new AppError('ERR_CONNECTION_LIMIT_REACHED');
      let name = w.name;
      for (let n = 2; await repo.exists({ name }); n++) name = `${w.name} (${n})`;
      created.push(
        await repo.insert({
          ...tokens,
          name,
          channel: w.channel,
          facebookPageUserId: w.accountId,
          token: newConnectionToken(),
          isDefault: false,
        }),
      );
      count++;
    }
    return { created, updated };
  }, companyId);

  for (const [rows, event] of [
    [created, 'whatsapp.created'],
    [updated, 'whatsapp.updated'],
  ] as const) {
    for (const r of rows) {
      const whatsapp = toWhatsappView(await loadWhatsapp(ctx, companyId, r.id));
      ctx.events.publish(event, { companyId, whatsapp });
    }
  }
  return { success: true, created: created.length, updated: updated.length };
}

/**
 * The long-lived (60-day) user token for a short-lived one; with no app id and secret
 * configured, the token as given (it then expires with the login).
 */
async function longLivedToken(ctx: AppContext, token: string): Promise<string> {
  const { META_APP_ID: appId, META_APP_SECRET: secret } = ctx.config;
  if (!appId || !secret) return token;
  const res = await graphJson<{ access_token?: string }>(ctx, {
    path: '/oauth/access_token',
    token: null,
    query: {
      grant_type: 'fb_exchange_token',
      client_id: appId,
      client_secret: secret,
      fb_exchange_token: token,
    },
  });
  if (!res.access_token) throw new AppError('ERR_INVALID_TOKEN');
  return res.access_token;
}
