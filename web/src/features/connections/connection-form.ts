import {
  cloudApiCreateIssues,
  whatsappFields,
  whatsappRuleIssues,
  type Channel,
  type CreateWhatsappInput,
  type WhatsappView,
} from '@atendo/domain';
import { z } from 'zod';
import { defaultSchedules, schedulesForEdit, type ScheduleRow } from '@/components/schedule-editor';

/** The connection modal's fields as its inputs hold them (text for numbers and ids). */
export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  useProxy: boolean;
  queueIds: number[];
  token: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  promptId: string;
  integrationId: string;
  maxUseBotQueues: string;
  timeUseBotQueues: string;
  timeSendQueue: string;
  sendIdQueue: string;
  expiresTicket: string;
  whenExpiresTicket: '0' | '1';
  expiresInactiveMessage: string;
  timeInactiveMessage: string;
  inactiveMessage: string;
  expiresTicketNPS: string;
  maxUseBotQueuesNPS: string;
  timeCreateNewTicket: string;
  /** Empty: no daily cap on campaign sends. */
  campaignDailyLimit: string;
  collectiveVacationStart: string;
  collectiveVacationEnd: string;
  collectiveVacationMessage: string;
  importEnabled: boolean;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: string;
  lgpdMessage: string;
  lgpdLink: string;
  schedules: ScheduleRow[];
  /** Cloud API only: the phone number's id, its business account and a new access token. */
  phoneNumberId: string;
  businessAccountId: string;
  /** Write-only: empty on edit keeps the stored token. */
  accessToken: string;
}

/** What the modal sends: the domain's connection fields, plus whether import is switched on. */
export type ConnectionBody = CreateWhatsappInput & { importEnabled?: boolean };

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A messages-API token: 30 random letters and digits (docs/product/connections.md#routes, generated on the client). */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(30));
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

const text = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined, fallback = 0) => String(v ?? fallback);
const id = (v: number | null | undefined) => (v ? String(v) : '');

/** A stored instant as a datetime-local input's value (local time, minutes). */
function localDateTime(v: string | Date | null | undefined): string {
  if (!v) return '';
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form of a new connection (docs/product/connections.md#limits-and-defaults defaults: bot uses 3, NPS uses 3). */
export function emptyConnectionForm(): ConnectionFormValues {
  return {
    name: '',
    isDefault: false,
    allowGroup: false,
    groupAsTicket: 'disabled',
    useProxy: false,
    queueIds: [],
    token: newToken(),
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    promptId: '',
    integrationId: '',
    maxUseBotQueues: '3',
    timeUseBotQueues: '0',
    timeSendQueue: '0',
    sendIdQueue: '',
    expiresTicket: '0',
    whenExpiresTicket: '0',
    expiresInactiveMessage: '',
    timeInactiveMessage: '0',
    inactiveMessage: '',
    expiresTicketNPS: '0',
    maxUseBotQueuesNPS: '3',
    timeCreateNewTicket: '0',
    campaignDailyLimit: '',
    collectiveVacationStart: '',
    collectiveVacationEnd: '',
    collectiveVacationMessage: '',
    importEnabled: false,
    importOldMessages: '',
    importRecentMessages: '',
    importOldMessagesGroups: false,
    closedTicketsPostImported: false,
    queueIdImportMessages: '',
    lgpdMessage: '',
    lgpdLink: '',
    schedules: defaultSchedules(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
    phoneNumberId: '',
    businessAccountId: '',
    accessToken: '',
  };
}

/** An existing connection as the form edits it. */
export function connectionFormOf(w: WhatsappView): ConnectionFormValues {
  const empty = emptyConnectionForm();
  return {
    name: w.name,
    isDefault: w.isDefault,
    allowGroup: w.allowGroup ?? false,
    groupAsTicket: w.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
    useProxy: w.useProxy ?? false,
    queueIds: (w.queues ?? []).map((q) => q.id),
    token: w.token ?? '',
    greetingMessage: text(w.greetingMessage),
    complationMessage: text(w.complationMessage),
    outOfHoursMessage: text(w.outOfHoursMessage),
    ratingMessage: text(w.ratingMessage),
    promptId: id(w.promptId),
    integrationId: id(w.integrationId),
    maxUseBotQueues: num(w.maxUseBotQueues, 3),
    timeUseBotQueues: num(w.timeUseBotQueues),
    timeSendQueue: num(w.timeSendQueue),
    sendIdQueue: id(w.sendIdQueue),
    expiresTicket: num(w.expiresTicket),
    whenExpiresTicket: w.whenExpiresTicket === '1' ? '1' : '0',
    expiresInactiveMessage: text(w.expiresInactiveMessage),
    timeInactiveMessage: num(w.timeInactiveMessage),
    inactiveMessage: text(w.inactiveMessage),
    expiresTicketNPS: num(w.expiresTicketNPS),
    maxUseBotQueuesNPS: num(w.maxUseBotQueuesNPS, 3),
    timeCreateNewTicket: num(w.timeCreateNewTicket),
    campaignDailyLimit: w.campaignDailyLimit == null ? '' : String(w.campaignDailyLimit),
    collectiveVacationStart: text(w.collectiveVacationStart).slice(0, 10),
    collectiveVacationEnd: text(w.collectiveVacationEnd).slice(0, 10),
    collectiveVacationMessage: text(w.collectiveVacationMessage),
    importEnabled: !!w.importOldMessages,
    importOldMessages: localDateTime(w.importOldMessages),
    importRecentMessages: localDateTime(w.importRecentMessages),
    importOldMessagesGroups: w.importOldMessagesGroups ?? false,
    closedTicketsPostImported: w.closedTicketsPostImported ?? false,
    queueIdImportMessages: id(w.queueIdImportMessages),
    lgpdMessage: text(w.lgpdMessage),
    lgpdLink: text(w.lgpdLink),
    schedules: schedulesForEdit(w.schedules, () => empty.schedules),
    phoneNumberId: text(w.phoneNumberId),
    businessAccountId: text(w.businessAccountId),
    accessToken: '',
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v);
const idOrNull = (v: string) => (v === '' ? null : Number(v));
/** A datetime-local value as an ISO instant (left as typed when it is not a date: the schema refuses it). */
const instant = (v: string) => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};

/** The form's values as the api's connection fields. */
export function connectionBodyOf(v: ConnectionFormValues, channel?: Channel): ConnectionBody {
  return {
    name: v.name,
    ...(channel ? { channel } : {}),
    isDefault: v.isDefault,
    allowGroup: v.allowGroup,
    groupAsTicket: v.groupAsTicket,
    useProxy: v.useProxy,
    queueIds: v.queueIds,
    ...(v.token ? { token: v.token } : {}),
    greetingMessage: orNull(v.greetingMessage),
    complationMessage: orNull(v.complationMessage),
    outOfHoursMessage: orNull(v.outOfHoursMessage),
    ratingMessage: orNull(v.ratingMessage),
    promptId: idOrNull(v.promptId),
    integrationId: idOrNull(v.integrationId),
    maxUseBotQueues: v.maxUseBotQueues as unknown as number,
    timeUseBotQueues: v.timeUseBotQueues as unknown as number,
    timeSendQueue: v.timeSendQueue as unknown as number,
    sendIdQueue: idOrNull(v.sendIdQueue),
    expiresTicket: v.expiresTicket as unknown as number,
    whenExpiresTicket: v.whenExpiresTicket,
    expiresInactiveMessage: orNull(v.expiresInactiveMessage),
    timeInactiveMessage: v.timeInactiveMessage as unknown as number,
    inactiveMessage: orNull(v.inactiveMessage),
    expiresTicketNPS: v.expiresTicketNPS as unknown as number,
    maxUseBotQueuesNPS: v.maxUseBotQueuesNPS as unknown as number,
    timeCreateNewTicket: v.timeCreateNewTicket as unknown as number,
    campaignDailyLimit:
      v.campaignDailyLimit.trim() === '' ? null : (v.campaignDailyLimit as unknown as number),
    collectiveVacationStart: orNull(v.collectiveVacationStart),
    collectiveVacationEnd: orNull(v.collectiveVacationEnd),
    collectiveVacationMessage: orNull(v.collectiveVacationMessage),
    importEnabled: v.importEnabled,
    importOldMessages: v.importEnabled ? instant(v.importOldMessages) : null,
    importRecentMessages: v.importEnabled ? instant(v.importRecentMessages) : null,
    importOldMessagesGroups: v.importOldMessagesGroups,
    closedTicketsPostImported: v.closedTicketsPostImported,
    queueIdImportMessages: v.importEnabled ? idOrNull(v.queueIdImportMessages) : null,
    lgpdMessage: orNull(v.lgpdMessage),
    lgpdLink: orNull(v.lgpdLink),
    schedules: v.schedules.map((s) => ({ ...s })),
    // The Cloud API fields exist on that channel's form only; the token only when typed.
    ...(v.phoneNumberId.trim()
      ? {
          phoneNumberId: v.phoneNumberId.trim(),
          businessAccountId: orNull(v.businessAccountId.trim()),
        }
      : {}),
    ...(v.accessToken ? { accessToken: v.accessToken } : {}),
  };
}

/**
 * The modal's schema: the domain's connection fields and its cross-field rules (docs/product/connections.md#validation),
 * plus the two the form alone knows (import switched on needs a start date; more than one queue
 * needs a greeting, ERR_WAPP_GREETING_REQUIRED on the api). Numbers typed as text are coerced
 * by the domain schema itself.
 */
export function connectionFormSchema(channel?: Channel, saved?: ConnectionFormValues) {
  // Editing: date-window rules apply to the dates being changed, as on the api, so a vacation
  // or import window set long ago does not block an unrelated save.
  const before: Record<string, unknown> | null = saved ? connectionBodyOf(saved, channel) : null;
  const changedOf = (v: Record<string, unknown>) =>
    before
      ? Object.keys(v).filter((k) => JSON.stringify(v[k]) !== JSON.stringify(before[k]))
      : undefined;
  return z.preprocess(
    (raw: ConnectionFormValues) => connectionBodyOf(raw, channel),
    whatsappFields.extend({ importEnabled: z.boolean().optional() }).superRefine((v, ctx) => {
      for (const issue of whatsappRuleIssues(v, new Date(), changedOf(v)))
        ctx.addIssue({ code: 'custom', ...issue });
      for (const issue of cloudApiCreateIssues(v)) ctx.addIssue({ code: 'custom', ...issue });
      if (v.importEnabled && !v.importOldMessages)
        ctx.addIssue({ code: 'custom', path: ['importOldMessages'], message: 'Required' });
      if ((v.queueIds?.length ?? 0) > 1 && !v.greetingMessage?.trim())
        ctx.addIssue({
          code: 'custom',
          path: ['greetingMessage'],
          message: 'backendErrors.ERR_WAPP_GREETING_REQUIRED',
        });
    }),
  );
}
