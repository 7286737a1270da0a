import type { SaveCampaignSettingsInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CampaignSettingEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { settingRows } from './list-campaign-settings.js';
import { campaignData } from './plan-feature.js';

/**
 * `POST /campaign-settings`: each key sent is stored as its JSON, one row per (company, key);
 * keys not sent keep their value. Running campaigns read them at their next send.
 */
export async function saveCampaignSettings(
  ctx: AppContext,
  o: { auth: Principal; input: SaveCampaignSettingsInput },
) {
  const db = await campaignData(ctx, o.auth);
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(o.input.settings)) {
      if (value === undefined) continue;
      await tx
        .of(CampaignSettingEntity)
        .upsert({ key, value: JSON.stringify(value) }, ['companyId', 'key']);
    }
  });
  return settingRows(db);
}
