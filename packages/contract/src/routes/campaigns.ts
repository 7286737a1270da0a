import {
  campaignDetailView,
  campaignPageQuery,
  campaignSettingRowView,
  campaignView,
  createCampaignSchema,
  idParams,
  messageView,
  paged,
  saveCampaignSettingsSchema,
  updateCampaignSchema,
} from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

const campaign = { tag: 'campaigns', access: 'admin' } as const;

/**
 * Campaigns and their settings (docs/product/campaigns.md Campaigns, docs/product/campaigns.md#routes). Admins only (profile user is refused,
 * docs/product/overview.md#module-routes-and-gating), and only while the company's plan has useCampaigns (ERR_PLAN_FEATURE_DISABLED).
 */
export const campaignsRoutes = {
  campaignsIndex: route({
    ...campaign,
    method: 'GET',
    path: '/campaigns',
    summary: 'Campaigns of the company, newest first, searched by name (20 a page)',
    query: campaignPageQuery,
    response: paged('records', campaignView),
  }),
  campaignsShow: route({
    ...campaign,
    method: 'GET',
    path: '/campaigns/:id',
    summary: 'One campaign with its report counters',
    params: idParams,
    response: campaignDetailView,
  }),
  campaignsCreate: route({
    ...campaign,
    method: 'POST',
    path: '/campaigns',
    summary:
      'Create a campaign: PROGRAMADA when scheduledAt is set (delivery starts then), else INATIVA',
    body: createCampaignSchema,
    status: 201,
    response: campaignView,
  }),
  campaignsUpdate: route({
    ...campaign,
    method: 'PUT',
    path: '/campaigns/:id',
    summary:
      'Update a campaign (only INATIVA, CANCELADA, or PROGRAMADA more than 1 h ahead: ERR_CAMPAIGN_NOT_EDITABLE)',
    params: idParams,
    body: updateCampaignSchema,
    response: campaignView,
  }),
  campaignsDelete: route({
    ...campaign,
    method: 'DELETE',
    path: '/campaigns/:id',
    summary: 'Delete a campaign (one in progress is cancelled first: ERR_CAMPAIGN_RUNNING)',
    params: idParams,
    response: messageView,
  }),
  campaignsMediaUpload: route({
    ...campaign,
    method: 'POST',
    path: '/campaigns/:id/media-upload',
    summary: 'Attach a file (multipart part "file") sent with every message of the campaign',
    params: idParams,
    multipart: true,
    response: campaignView,
  }),
  campaignsMediaDelete: route({
    ...campaign,
    method: 'DELETE',
    path: '/campaigns/:id/media-upload',
    summary: "Remove a campaign's attachment",
    params: idParams,
    response: campaignView,
  }),
  campaignsCancel: route({
    ...campaign,
    method: 'POST',
    path: '/campaigns/:id/cancel',
    summary:
      'Cancel a campaign in progress or scheduled (ERR_CAMPAIGN_INVALID_TRANSITION otherwise)',
    params: idParams,
    response: campaignView,
  }),
  campaignsRestart: route({
    ...campaign,
    method: 'POST',
    path: '/campaigns/:id/restart',
    summary:
      'Restart a cancelled campaign: EM_ANDAMENTO again, recipients already reached are skipped',
    params: idParams,
    response: campaignView,
  }),
  campaignSettingsIndex: route({
    ...campaign,
    method: 'GET',
    path: '/campaign-settings',
    summary: "The company's campaign settings, one row per key (defaults where unsaved)",
    response: z.array(campaignSettingRowView),
  }),
  campaignSettingsSave: route({
    ...campaign,
    method: 'POST',
    path: '/campaign-settings',
    summary: 'Save campaign settings: the keys sent in `settings` are replaced',
    body: saveCampaignSettingsSchema,
    response: z.array(campaignSettingRowView),
  }),
} as const;
