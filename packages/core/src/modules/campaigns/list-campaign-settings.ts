import {
  CAMPAIGN_SETTING_KEYS,
  campaignSettingsFromRows,
  type CampaignSettingRow,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CampaignSettingEntity } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from './plan-feature.js';

/** Every setting of the company, saved or default, each value as its JSON (docs/product/campaigns.md#limits-and-defaults). */
export async function settingRows(db: TenantData): Promise<CampaignSettingRow[]> {
  const saved = await db
    .of(CampaignSettingEntity)
    .find({ select: { key: true, value: true }, order: { key: 'ASC' } });
  const settings = campaignSettingsFromRows(saved);
  return CAMPAIGN_SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(settings[key]) }));
}

/** `GET /campaign-settings`: the campaign settings page. */
export async function listCampaignSettings(ctx: AppContext, o: { auth: Principal }) {
  return settingRows(await campaignData(ctx, o.auth));
}
