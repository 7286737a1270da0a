import { campaignSettingsFromRows, type CampaignSettings } from '@atendo/domain';
import type { CampaignProgress } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';
import {
  CampaignEntity,
  CampaignSettingEntity,
  WhatsappEntity,
  type Campaign,
  type Whatsapp,
} from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { loadCompanyTimeZone } from '../companies/company-time-zone.js';

/** What one delivery activity reads once: the campaign, the company's settings and clock, the connection. */
export interface DeliveryState {
  campaign: Campaign;
  settings: CampaignSettings;
  timeZone: string;
  connection: Whatsapp | null;
}

export async function loadCampaignRow(
  db: TenantData,
  campaignId: number,
): Promise<Campaign | null> {
  return db.of(CampaignEntity).findOne({ where: { id: campaignId } });
}

/** The campaign with everything its sends read; null when it was deleted. */
export async function loadDeliveryState(
  ctx: AppContext,
  db: TenantData,
  campaignId: number,
): Promise<DeliveryState | null> {
  const campaign = await loadCampaignRow(db, campaignId);
  if (!campaign) return null;
  const [rows, timeZone, connection] = await Promise.all([
    db.of(CampaignSettingEntity).find({ select: { key: true, value: true } }),
    loadCompanyTimeZone(ctx, db.companyId),
    campaign.whatsappId
      ? db.of(WhatsappEntity).findOne({ where: { id: campaign.whatsappId } })
      : Promise.resolve(null),
  ]);
  return { campaign, settings: campaignSettingsFromRows(rows), timeZone, connection };
}

/**
 * Moves a campaign from one of `from` to `to` (FINALIZADA also stamps completedAt) and tells
 * the listeners; false when it was no longer in `from` (cancelled, restarted, deleted meanwhile).
 */
export async function moveCampaignStatus(
  ctx: AppContext,
  db: TenantData,
  campaignId: number,
  from: readonly string[],
  to: string,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE campaigns SET status = $3::varchar, "updatedAt" = now(),
            "completedAt" = CASE WHEN $3::varchar = 'FINALIZADA' THEN now() ELSE "completedAt" END
      WHERE "companyId" = $1 AND id = $2 AND status = ANY($4::text[]) RETURNING id`,
    [db.companyId, campaignId, to, [...from]],
  );
  if (!rows.length) return false;
  ctx.events.publish('campaign.status_changed', {
    companyId: db.companyId,
    campaignId,
    status: to,
  });
  return true;
}

/** The campaign's counters from its shipping records (one indexed scan of the campaign's rows). */
export async function campaignProgress(
  db: TenantData,
  campaignId: number,
  status: string,
): Promise<CampaignProgress> {
  const [row] = await db.query<Omit<CampaignProgress, 'status'>>(
    `SELECT count(*)::int AS total, count("deliveredAt")::int AS delivered,
            count("confirmationRequestedAt")::int AS "confirmationRequested",
            count("confirmedAt")::int AS confirmed
       FROM campaign_shippings WHERE "companyId" = $1 AND "campaignId" = $2`,
    [db.companyId, campaignId],
  );
  return {
    status,
    total: row?.total ?? 0,
    delivered: row?.delivered ?? 0,
    confirmationRequested: row?.confirmationRequested ?? 0,
    confirmed: row?.confirmed ?? 0,
  };
}

/** Counts the progress and pushes it to the console (`company-{id}-campaign`). */
export async function publishCampaignProgress(
  ctx: AppContext,
  db: TenantData,
  campaignId: number,
  status: string,
): Promise<CampaignProgress> {
  const progress = await campaignProgress(db, campaignId, status);
  ctx.events.publish('campaign.progressed', { companyId: db.companyId, campaignId, progress });
  return progress;
}
