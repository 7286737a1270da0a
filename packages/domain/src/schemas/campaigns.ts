import { z } from 'zod';
import {
  MSG_INVALID_CHARACTERS,
  MSG_INVALID_DATE,
  MSG_REQUIRED,
  MSG_TOO_LONG,
  MSG_TOO_SHORT,
  MSG_VARIABLE_KEY,
} from './validation-messages.js';
import { enabledFlag, hhmm, pageQuery } from './common.js';

/** Text PostgreSQL can store (no NUL characters). */
const storable = (s: string) => !s.includes('\u0000');

/** Campaign statuses (docs/product/campaigns.md#campaign-status). */
export const CAMPAIGN_STATUSES = [
  'INATIVA',
  'PROGRAMADA',
  'EM_ANDAMENTO',
  'CANCELADA',
  'FINALIZADA',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The status of the ticket a campaign opens (docs/product/campaigns.md#entities). */
export const CAMPAIGN_TICKET_STATUSES = ['closed', 'pending', 'open'] as const;

/** A campaign is editable up to this long before its scheduled time (docs/product/campaigns.md#campaign-status, docs/product/campaigns.md#limits-and-defaults). */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;

/**
 * Whether a campaign may still be changed (docs/product/campaigns.md#campaign-status): INATIVA, CANCELADA (saved again or
 * restarted), or PROGRAMADA with the scheduled time more than 1 hour ahead.
 */
export function isCampaignEditable(
  c: { status: string; scheduledAt: Date | string | null },
  now: number = Date.now(),
): boolean {
  if (c.status === 'INATIVA' || c.status === 'CANCELADA') return true;
  if (c.status !== 'PROGRAMADA' || !c.scheduledAt) return false;
  return new Date(c.scheduledAt).getTime() - now > CAMPAIGN_EDIT_LEAD_MS;
}

/** Name: required, 2 to 50 characters (docs/product/campaigns.md#validation). */
export const campaignName = z
  .string({ error: MSG_REQUIRED })
  .trim()
  .min(2, MSG_TOO_SHORT)
  .max(50, MSG_TOO_LONG)
  .refine(storable, MSG_INVALID_CHARACTERS);

/** An empty string or null means "none" (the lineage's forms send ''). */
const none = (v: unknown) => (v === '' ? null : v);

/** An optional id of another row of the company; '' and null mean none. */
const refId = z.preprocess(none, z.coerce.number().int().positive().max(2_147_483_647).nullable());

/** A message slot: any text, empty meaning unused. */
const messageSlot = z
  .string()
  .max(20_000, MSG_TOO_LONG)
  .refine(storable, MSG_INVALID_CHARACTERS)
  .nullable()
  .optional();

/** When to start: an ISO date-time (with its offset) or none; '' and null mean none. */
const scheduledAt = z.preprocess(
  none,
  z.coerce
    .date({ error: MSG_INVALID_DATE })
    .refine((d) => !Number.isNaN(d.getTime()), MSG_INVALID_DATE)
    .nullable(),
);

/**
 * The campaign dialog's fields (docs/product/campaigns.md Campaign dialog). Rules that need the stored row or
 * other rows (recipients, queue when a user is chosen, the 1-hour edit window) are the api's.
 */
const campaignFields = {
  whatsappId: refId,
  contactListId: refId.optional(),
  tagListId: refId.optional(),
  message1: messageSlot,
  message2: messageSlot,
  message3: messageSlot,
  message4: messageSlot,
  message5: messageSlot,
  confirmationMessage1: messageSlot,
  confirmationMessage2: messageSlot,
  confirmationMessage3: messageSlot,
  confirmationMessage4: messageSlot,
  confirmationMessage5: messageSlot,
  confirmation: z.boolean().optional(),
  /** Set: the campaign is PROGRAMADA and starts then; none: INATIVA (a draft). */
  scheduledAt: scheduledAt.optional(),
  openTicket: enabledFlag.optional(),
  /** userId, queueId and statusTicket are ignored while openTicket is disabled. */
  statusTicket: z.enum(CAMPAIGN_TICKET_STATUSES).optional(),
  userId: refId.optional(),
  queueId: refId.optional(),
};

export const createCampaignSchema = z.object({
  name: campaignName,
  ...campaignFields,
  // Required: missing, '' and null all read 'Required'.
  whatsappId: z.preprocess((v) => v ?? null, refId).refine((v) => v !== null, MSG_REQUIRED),
});
export type CreateCampaignInput = z.infer<typeof createCampaignSchema>;

/** `PUT /campaigns/:id`: the fields sent replace the stored ones; the others stay. */
export const updateCampaignSchema = z.object({
  name: campaignName.optional(),
  ...campaignFields,
  whatsappId: campaignFields.whatsappId.optional(),
});
export type UpdateCampaignInput = z.infer<typeof updateCampaignSchema>;

/** `GET /campaigns`: searched by name, 20 a page, newest first. */
export const campaignPageQuery = pageQuery;

/** A custom message variable of the campaign settings: `{key}` in a message becomes value. */
export const campaignVariable = z.object({
  key: z
    .string()
    .trim()
    .min(1, MSG_REQUIRED)
    .max(50, MSG_TOO_LONG)
    .regex(/^[\p{L}\p{N}_-]+$/u, MSG_VARIABLE_KEY),
  value: z.string().max(5_000, MSG_TOO_LONG).refine(storable, MSG_INVALID_CHARACTERS),
});
export type CampaignVariable = z.infer<typeof campaignVariable>;

/** Seconds or message counts of the settings page (docs/product/campaigns.md#limits-and-defaults lists the console's options). */
const count = (max: number) => z.coerce.number().int().min(0).max(max);
/** The console's switches; lineage consoles also send 'true' / 'false'. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** Every campaign setting with its rule (docs/product/campaigns.md Campaign settings page). */
export const campaignSettingsShape = {
  /** Seconds between two recipients. */
  messageInterval: count(3_600),
  /** After this many messages, wait greaterInterval instead (0 = never). */
  longerIntervalAfter: count(100_000),
  /** Seconds of the longer pause. */
  greaterInterval: count(86_400),
  /** Campaigns also send on Saturdays / Sundays. */
  sabado: flag,
  domingo: flag,
  /** The daily sending window, in the company's time zone. */
  startHour: hhmm,
  endHour: hhmm,
  /** Custom variables usable in the messages besides {nome}, {numero}, {email}. */
  variables: z.array(campaignVariable).max(100),
};
export type CampaignSettingKey = keyof typeof campaignSettingsShape;
export const CAMPAIGN_SETTING_KEYS = Object.keys(campaignSettingsShape) as CampaignSettingKey[];

export const campaignSettingsSchema = z.object(campaignSettingsShape);
export type CampaignSettings = z.output<typeof campaignSettingsSchema>;

/** Defaults when a company saved nothing (docs/product/campaigns.md#limits-and-defaults). */
export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
  variables: [],
};

/** `POST /campaign-settings`: `{ settings }` with any of the keys; those sent are saved. */
export const saveCampaignSettingsSchema = z.object({
  settings: campaignSettingsSchema.partial().strict(),
});
export type SaveCampaignSettingsInput = z.infer<typeof saveCampaignSettingsSchema>;

/**
 * The settings as one object from their stored rows (value = the JSON of the setting), each
 * missing or unreadable key at its default. Shared by the api, the worker and the console.
 */
export function campaignSettingsFromRows(
  rows: readonly { key: string; value: string | null }[],
): CampaignSettings {
  const out: Record<string, unknown> = { ...CAMPAIGN_SETTINGS_DEFAULTS };
  for (const { key, value } of rows) {
    if (!(key in campaignSettingsShape) || value === null) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = value;
    }
    const r = campaignSettingsShape[key as CampaignSettingKey].safeParse(parsed);
    if (r.success) out[key] = r.data;
  }
  return out as CampaignSettings;
}
