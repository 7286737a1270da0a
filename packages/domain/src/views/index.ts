import { z } from 'zod';
import { enabledFlag } from '../schemas/common.js';

/**
 * Response shapes. The api parses what it sends through these, so a column not listed here
 * (password hashes, tokens) can never leak into a response.
 */

/** A timestamp: Date objects from the database become ISO strings. */
export const isoDate = z.union([z.date().transform((d) => d.toISOString()), z.string()]);
const nullableDate = isoDate.nullable().optional();

export const queueRefView = z.object({ id: z.number(), name: z.string(), color: z.string() });
export const whatsappRefView = z.object({ id: z.number(), name: z.string() });

export const companySettingView = z.object({ key: z.string(), value: z.string().nullable() });

export const planView = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  amount: z.union([z.string(), z.number()]).transform(String),
  isPublic: z.boolean(),
  useWhatsapp: z.boolean(),
  useFacebook: z.boolean(),
  useInstagram: z.boolean(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type PlanView = z.output<typeof planView>;

export const companyView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  status: z.boolean(),
  dueDate: z.string().nullable().optional(),
  recurrence: z.string().nullable().optional(),
  document: z.string().nullable().optional(),
  paymentMethod: z.string().nullable().optional(),
  timezone: z.string().optional(),
  planId: z.number().nullable().optional(),
  plan: planView.nullable().optional(),
  lastLogin: nullableDate,
  numberAttendants: z.number().nullable().optional(),
  numberConections: z.number().nullable().optional(),
  folderSize: z.union([z.string(), z.number()]).nullable().optional(),
  numberFileFolder: z.union([z.string(), z.number()]).nullable().optional(),
  updatedAtFolder: nullableDate,
  createdAt: nullableDate,
  updatedAt: nullableDate,
  companieSettings: z.array(companySettingView).optional(),
});
export type CompanyView = z.output<typeof companyView>;

export const userView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(['admin', 'user']),
  super: z.boolean(),
  startWork: z.string().nullable().optional(),
  endWork: z.string().nullable().optional(),
  farewellMessage: z.string().nullable().optional(),
  whatsappId: z.number().nullable().optional(),
  whatsapp: whatsappRefView.nullable().optional(),
  allTicket: z.enum(['enable', 'disable']).optional(),
  allowGroup: z.boolean().optional(),
  defaultTheme: z.string().optional(),
  defaultMenu: z.string().optional(),
  allHistoric: enabledFlag.optional(),
  allUserChat: enabledFlag.optional(),
  userClosePendingTicket: enabledFlag.optional(),
  showDashboard: enabledFlag.optional(),
  allowRealTime: enabledFlag.optional(),
  allowConnections: enabledFlag.optional(),
  profileImage: z.string().nullable().optional(),
  defaultTicketsManagerWidth: z.number().nullable().optional(),
  online: z.boolean().optional(),
  color: z.string().nullable().optional(),
  queues: z.array(queueRefView).optional(),
  company: companyView.partial().extend({ id: z.number(), name: z.string() }).nullable().optional(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type UserView = z.output<typeof userView>;

export const loginResponse = z.object({ token: z.string(), user: userView });
export type LoginResponse = z.output<typeof loginResponse>;

export const settingView = z.object({ key: z.string(), value: z.string().nullable() });

/** A paged list: `{ <records>, hasMore, count }`. */
export function paged<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), hasMore: z.boolean(), count: z.number().optional() } as {
    [P in K]: z.ZodArray<T>;
  } & { hasMore: z.ZodBoolean; count: z.ZodOptional<z.ZodNumber> });
}

/** What the CNPJ lookup returns to the signup form (ReceitaWS field names). */
export const cnpjLookupView = z.object({
  nome: z.string(),
  fantasia: z.string(),
  email: z.string(),
  telefone: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  municipio: z.string(),
  uf: z.string(),
  cep: z.string(),
});
export type CnpjLookupView = z.output<typeof cnpjLookupView>;

/** A connection as the console sees it: never its session state or Meta secrets. */
export const whatsappView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  number: z.string().nullable().optional(),
  channel: z.string(),
  status: z.string(),
  isDefault: z.boolean(),
  token: z.string().nullable().optional(),
  qrcode: z.string().nullable().optional(),
  retries: z.number().optional(),
  greetingMessage: z.string().nullable().optional(),
  complationMessage: z.string().nullable().optional(),
  outOfHoursMessage: z.string().nullable().optional(),
  ratingMessage: z.string().nullable().optional(),
  promptId: z.number().nullable().optional(),
  integrationId: z.number().nullable().optional(),
  useProxy: z.boolean().optional(),
  allowGroup: z.boolean().optional(),
  groupAsTicket: z.string().optional(),
  maxUseBotQueues: z.number().optional(),
  timeUseBotQueues: z.number().optional(),
  timeSendQueue: z.number().optional(),
  sendIdQueue: z.number().nullable().optional(),
  expiresTicket: z.number().optional(),
  whenExpiresTicket: z.string().optional(),
  expiresInactiveMessage: z.string().nullable().optional(),
  timeInactiveMessage: z.number().optional(),
  inactiveMessage: z.string().nullable().optional(),
  expiresTicketNPS: z.number().optional(),
  maxUseBotQueuesNPS: z.number().optional(),
  timeCreateNewTicket: z.number().optional(),
  greetingMediaAttachment: z.string().nullable().optional(),
  collectiveVacationStart: z.string().nullable().optional(),
  collectiveVacationEnd: z.string().nullable().optional(),
  collectiveVacationMessage: z.string().nullable().optional(),
  importOldMessages: nullableDate,
  importRecentMessages: nullableDate,
  importOldMessagesGroups: z.boolean().optional(),
  closedTicketsPostImported: z.boolean().optional(),
  queueIdImportMessages: z.number().nullable().optional(),
  provider: z.string().optional(),
  statusImportMessages: z.string().nullable().optional(),
  lgpdMessage: z.string().nullable().optional(),
  lgpdLink: z.string().nullable().optional(),
  schedules: z.array(z.record(z.string(), z.unknown())).optional(),
  queues: z.array(queueRefView).optional(),
  company: z.object({ id: z.number(), name: z.string() }).optional(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type WhatsappView = z.output<typeof whatsappView>;
