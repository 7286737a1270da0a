import { z } from 'zod';
import { CAMPAIGN_SETTING_KEYS, CAMPAIGN_STATUSES } from '../schemas/campaigns.js';
import { nullableDate } from './common.js';

const ref = z.object({ id: z.number(), name: z.string() });

/**
 * A campaign as the list and the dialog show it (docs/product/campaigns.md#entities): its fields, plus the names of
 * its list, tag, connection, user and queue. mediaUrl is the authenticated private path of
 * its attachment.
 */
export const campaignView = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  message1: z.string().nullable(),
  message2: z.string().nullable(),
  message3: z.string().nullable(),
  message4: z.string().nullable(),
  message5: z.string().nullable(),
  confirmationMessage1: z.string().nullable(),
  confirmationMessage2: z.string().nullable(),
  confirmationMessage3: z.string().nullable(),
  confirmationMessage4: z.string().nullable(),
  confirmationMessage5: z.string().nullable(),
  confirmation: z.boolean(),
  scheduledAt: nullableDate,
  completedAt: nullableDate,
  contactListId: z.number().nullable(),
  tagListId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  userId: z.number().nullable(),
  queueId: z.number().nullable(),
  openTicket: z.enum(['enabled', 'disabled']),
  statusTicket: z.string(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  /** Whether the dialog may save it now (docs/product/campaigns.md#campaign-status; the api enforces the same rule). */
  editable: z.boolean(),
  contactList: ref.nullable(),
  tagList: ref.nullable(),
  whatsapp: ref.nullable(),
  user: ref.nullable(),
  queue: ref.nullable(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type CampaignView = z.output<typeof campaignView>;
/** A campaign view as the api builds it (timestamps may still be Date objects). */
export type CampaignViewRow = z.input<typeof campaignView>;

/**
 * The report's counters (docs/product/campaigns.md Campaign report). validContacts: the recipients, i.e. the
 * list's items with isWhatsappValid, or the active contacts carrying the tag; the others from
 * the campaign's shipping records.
 */
export const campaignReportView = z.object({
  validContacts: z.number(),
  delivered: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
});
export type CampaignReport = z.output<typeof campaignReportView>;

/** `GET /campaigns/:id`: the campaign with its report counters. */
export const campaignDetailView = campaignView.extend({ report: campaignReportView });
export type CampaignDetailView = z.output<typeof campaignDetailView>;

/**
 * `GET /campaign-settings`: one row per setting, saved or default, value being the setting's
 * JSON (the lineage's console reads `JSON.parse(item.value)`); `campaignSettingsFromRows`
 * turns the rows into one typed object.
 */
export const campaignSettingRowView = z.object({
  key: z.enum(CAMPAIGN_SETTING_KEYS as [string, ...string[]]),
  value: z.string(),
});
export type CampaignSettingRow = z.output<typeof campaignSettingRowView>;
