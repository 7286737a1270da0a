import type { ModuleHttp } from '../../http/define-routes.js';
import { cancelCampaign } from '@atendo/core/modules/campaigns/cancel-campaign.js';
import { createCampaign } from '@atendo/core/modules/campaigns/create-campaign.js';
import { deleteCampaign } from '@atendo/core/modules/campaigns/delete-campaign.js';
import { listCampaignSettings } from '@atendo/core/modules/campaigns/list-campaign-settings.js';
import { listCampaigns } from '@atendo/core/modules/campaigns/list-campaigns.js';
import { campaignMediaUpload } from './media-upload.js';
import { removeCampaignMedia } from '@atendo/core/modules/campaigns/remove-campaign-media.js';
import { restartCampaign } from '@atendo/core/modules/campaigns/restart-campaign.js';
import { saveCampaignSettings } from '@atendo/core/modules/campaigns/save-campaign-settings.js';
import { setCampaignMedia } from '@atendo/core/modules/campaigns/set-campaign-media.js';
import { showCampaign } from '@atendo/core/modules/campaigns/show-campaign.js';
import { updateCampaign } from '@atendo/core/modules/campaigns/update-campaign.js';

export const campaignsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    campaignsIndex: ({ auth, query }) => listCampaigns(ctx, { auth, ...query }),
    campaignsShow: ({ auth, params }) => showCampaign(ctx, { auth, id: params.id }),
    campaignsCreate: ({ auth, body }) => createCampaign(ctx, { auth, input: body }),
    campaignsUpdate: ({ auth, params, body }) =>
      updateCampaign(ctx, { auth, id: params.id, input: body }),
    campaignsDelete: ({ auth, params }) => deleteCampaign(ctx, { auth, id: params.id }),
    campaignsMediaUpload: ({ auth, params, req }) =>
      setCampaignMedia(ctx, { auth, id: params.id, file: req.file }),
    campaignsMediaDelete: ({ auth, params }) => removeCampaignMedia(ctx, { auth, id: params.id }),
    campaignsCancel: ({ auth, params }) => cancelCampaign(ctx, { auth, id: params.id }),
    campaignsRestart: ({ auth, params }) => restartCampaign(ctx, { auth, id: params.id }),
    campaignSettingsIndex: ({ auth }) => listCampaignSettings(ctx, { auth }),
    campaignSettingsSave: ({ auth, body }) => saveCampaignSettings(ctx, { auth, input: body }),
  },
  before: {
    campaignsMediaUpload: [campaignMediaUpload(ctx)],
  },
});
