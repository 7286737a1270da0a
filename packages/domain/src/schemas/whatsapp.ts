import { z } from 'zod';
import {
  MSG_BETWEEN_START_AND_NOW,
  MSG_CONNECTION_TOKEN,
  MSG_INACTIVITY_EXPIRY_REQUIRED,
  MSG_INVALID_DAY,
  MSG_META_ACCESS_TOKEN,
  MSG_META_ID,
  MSG_NOT_BEFORE_START,
  MSG_NPS_EXPIRY_REQUIRED,
  MSG_OPEN_OR_PENDING,
  MSG_REQUIRED,
  MSG_SEND_QUEUE_PAIR,
  MSG_TOO_LONG,
  MSG_TOO_SHORT,
  MSG_VACATION_TOO_FAR_BACK,
  MSG_WITHIN_TWO_YEARS,
} from './validation-messages.js';
import { schedulesSchema } from './queue.js';

export const CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CONNECTION_STATUSES = [
  'DISCONNECTED',
  'OPENING',
  'qrcode',
  'CONNECTED',
  'PAIRING',
  'TIMEOUT',
] as const;

/**
 * Why WhatsApp ended a session for good (reported with DISCONNECTED; the console says what to
 * do): the same login was opened elsewhere, the number is banned or refused, the WhatsApp Web
 * version is outdated, or the account's devices do not match.
 */
export const CONNECTION_STOP_REASONS = [
  'replaced',
  'banned',
  'refused',
  'outdated',
  'mismatch',
] as const;
export type ConnectionStopReason = (typeof CONNECTION_STOP_REASONS)[number];

/** The plan flag that allows each channel (docs/product/users-and-auth.md#roles-and-permissions). */
export const CHANNEL_PLAN_FLAG: Record<Channel, 'useWhatsapp' | 'useFacebook' | 'useInstagram'> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
};

const minutes = z.coerce.number().int().min(0).max(525_600);
/** A Meta object id (phone-number id, WhatsApp Business Account id): digits only. */
const metaId = z
  .string()
  .trim()
  .regex(/^\d{5,30}$/, MSG_META_ID);
/** A Meta access token as pasted from the app dashboard (no spaces, 20 to 2000 characters), or empty. */
const metaAccessToken = z.string().regex(/^(?:\S{20,2000})?$/, MSG_META_ACCESS_TOKEN);
const optionalText = z.string().max(10_000).nullable().optional();
const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG_INVALID_DAY);

/** Every field of the connection modal (docs/product/connections.md#connection-fields "Connection (whatsapp)"). */
export const whatsappFields = z.object({
  name: z.string({ error: MSG_REQUIRED }).trim().min(2, MSG_TOO_SHORT).max(50, MSG_TOO_LONG),
  channel: z.enum(CHANNELS).optional(),
  isDefault: z.boolean().optional(),
  /** The messages API token: 30 alphanumeric characters (generated when absent). */
  token: z
    .string()
    .regex(/^[A-Za-z0-9]{30}$/, MSG_CONNECTION_TOKEN)
    .optional(),
  queueIds: z.array(z.number().int().positive()).max(100).optional(),
  greetingMessage: optionalText,
  complationMessage: optionalText,
  outOfHoursMessage: optionalText,
  ratingMessage: optionalText,
  promptId: z.number().int().positive().nullable().optional(),
  integrationId: z.number().int().positive().nullable().optional(),
  useProxy: z.boolean().optional(),
  allowGroup: z.boolean().optional(),
  groupAsTicket: z.enum(['enabled', 'disabled']).optional(),
  maxUseBotQueues: z.coerce.number().int().min(0).max(1000).optional(),
  timeUseBotQueues: minutes.optional(),
  timeSendQueue: minutes.optional(),
  sendIdQueue: z.number().int().positive().nullable().optional(),
  expiresTicket: minutes.optional(),
  whenExpiresTicket: z.enum(['0', '1']).optional(),
  expiresInactiveMessage: optionalText,
  timeInactiveMessage: minutes.optional(),
  inactiveMessage: optionalText,
  expiresTicketNPS: minutes.optional(),
  maxUseBotQueuesNPS: z.coerce.number().int().min(0).max(1000).optional(),
  timeCreateNewTicket: minutes.optional(),
  /** Campaign sends a day through this connection; null = no cap (issue 9). */
  campaignDailyLimit: z.coerce.number().int().min(1).max(1_000_000).nullable().optional(),
  collectiveVacationStart: dateOnly.nullable().optional(),
  collectiveVacationEnd: dateOnly.nullable().optional(),
  collectiveVacationMessage: optionalText,
  importOldMessages: z.iso.datetime({ offset: true }).nullable().optional(),
  importRecentMessages: z.iso.datetime({ offset: true }).nullable().optional(),
  importOldMessagesGroups: z.boolean().optional(),
  closedTicketsPostImported: z.boolean().optional(),
  queueIdImportMessages: z.number().int().positive().nullable().optional(),
  provider: z.string().max(20).optional(),
  lgpdMessage: optionalText,
  lgpdLink: z.string().max(500).nullable().optional(),
  /** Working hours (scheduleType connection): one entry per weekday, HH:MM. */
  schedules: schedulesSchema.optional(),
  /** Cloud API (whatsappapi): the phone number's id in Meta's WhatsApp Manager. */
  phoneNumberId: metaId.optional(),
  /** Cloud API: the WhatsApp Business Account the number belongs to (its webhooks subscribed). */
  businessAccountId: metaId.nullable().optional(),
  /**
   * Cloud API: the access token the number is used with. Write-only: never returned; empty or
   * absent on an update keeps the stored one.
   */
  accessToken: metaAccessToken.optional(),
});

type Fields = z.infer<typeof whatsappFields>;
type Issue = { path: string[]; message: string };

/** Vacation dates may start at most 10 days in the past (docs/product/connections.md#validation). */
export const VACATION_MIN_DAYS_AGO = 10;

/**
 * The cross-field rules of the connection modal (docs/product/connections.md#validation), checked against the merged
 * result of an update too. `now` bounds the import window and the vacation dates; `changed`
 * (an update's sent fields) limits those date-window checks to dates being set now, so a
 * window set long ago does not block unrelated edits.
 */
export function whatsappRuleIssues(
  v: Partial<Fields>,
  now = new Date(),
  changed?: readonly string[],
): Issue[] {
  const issues: Issue[] = [];
  const sent = (f: keyof Fields) => !changed || changed.includes(f);
  if ((v.timeSendQueue ?? 0) > 0 && !v.sendIdQueue)
    issues.push({ path: ['sendIdQueue'], message: MSG_SEND_QUEUE_PAIR });
  if (v.sendIdQueue && !((v.timeSendQueue ?? 0) > 0))
    issues.push({ path: ['timeSendQueue'], message: MSG_SEND_QUEUE_PAIR });
  if (v.ratingMessage?.trim() && !((v.expiresTicketNPS ?? 0) > 0)) {
    issues.push({ path: ['expiresTicketNPS'], message: MSG_NPS_EXPIRY_REQUIRED });
  }
  if ((v.timeInactiveMessage ?? 0) > 0 && !((v.expiresTicket ?? 0) > 0)) {
    issues.push({
      path: ['expiresTicket'],
      message: MSG_INACTIVITY_EXPIRY_REQUIRED,
    });
  }
  if (v.collectiveVacationMessage?.trim()) {
    if (!v.collectiveVacationStart)
      issues.push({ path: ['collectiveVacationStart'], message: MSG_REQUIRED });
    if (!v.collectiveVacationEnd)
      issues.push({ path: ['collectiveVacationEnd'], message: MSG_REQUIRED });
  }
  const earliest = new Date(now.getTime() - VACATION_MIN_DAYS_AGO * 86_400_000)
    .toISOString()
    .slice(0, 10);
  for (const f of ['collectiveVacationStart', 'collectiveVacationEnd'] as const) {
    const d = v[f];
    if (d && sent(f) && d < earliest)
      issues.push({
        path: [f],
        message: MSG_VACATION_TOO_FAR_BACK,
      });
  }
  if (
    v.collectiveVacationStart &&
    v.collectiveVacationEnd &&
    v.collectiveVacationEnd < v.collectiveVacationStart
  ) {
    issues.push({ path: ['collectiveVacationEnd'], message: MSG_NOT_BEFORE_START });
  }
  if (v.importOldMessages) {
    const old = new Date(v.importOldMessages);
    const twoYearsAgo = new Date(now);
    twoYearsAgo.setUTCFullYear(twoYearsAgo.getUTCFullYear() - 2);
    if (sent('importOldMessages') && (old < twoYearsAgo || old > now))
      issues.push({ path: ['importOldMessages'], message: MSG_WITHIN_TWO_YEARS });
    const recent = v.importRecentMessages ? new Date(v.importRecentMessages) : null;
    if (
      recent &&
      (sent('importOldMessages') || sent('importRecentMessages')) &&
      (recent < old || recent > now)
    ) {
      issues.push({
        path: ['importRecentMessages'],
        message: MSG_BETWEEN_START_AND_NOW,
      });
    }
    if (!v.queueIdImportMessages)
      issues.push({ path: ['queueIdImportMessages'], message: MSG_REQUIRED });
  }
  return issues;
}

/**
 * What a new Cloud API (whatsappapi) connection needs besides the modal's fields: its phone
 * number id and an access token (the business account id is optional).
 */
export function cloudApiCreateIssues(v: Partial<Fields>): Issue[] {
  if (v.channel !== 'whatsappapi') return [];
  const issues: Issue[] = [];
  if (!v.phoneNumberId) issues.push({ path: ['phoneNumberId'], message: MSG_REQUIRED });
  if (!v.accessToken) issues.push({ path: ['accessToken'], message: MSG_REQUIRED });
  return issues;
}

/** A new connection: every rule of the modal, each failure naming its field. */
export const createWhatsappSchema = whatsappFields
  .extend({
    /** Super admins only: the company the connection is for (the all-connections dialog). */
    companyId: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .superRefine((v, ctx) => {
    for (const i of [...whatsappRuleIssues(v), ...cloudApiCreateIssues(v)])
      ctx.addIssue({ code: 'custom', ...i });
  });
export const updateWhatsappSchema = whatsappFields.partial();
export type CreateWhatsappInput = z.infer<typeof createWhatsappSchema>;
export type UpdateWhatsappInput = z.infer<typeof updateWhatsappSchema>;

export const whatsappListQuery = z.object({
  session: z.string().max(5).optional(),
  channel: z.enum(CHANNELS).optional(),
  companyId: z.coerce.number().int().optional(),
});

/** GET /tickets-migration/list: one connection's tickets the migration modal may move. */
export const ticketsMigrationQuery = z.object({
  whatsappId: z.coerce.number().int().positive().max(2_147_483_647),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  /** Comma-separated statuses among open and pending (the modal sends 'open,pending'). */
  status: z
    .string()
    .max(40)
    .optional()
    .default('open,pending')
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(['open', 'pending'])).min(1, MSG_OPEN_OR_PENDING)),
  searchParam: z.string().max(200).optional().default(''),
  showAll: z.enum(['true', 'false']).optional(),
});
