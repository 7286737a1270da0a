import { z } from 'zod';
import {
  MSG_BEFORE_START,
  MSG_DUPLICATED_WEEKDAY,
  MSG_MENU_TOO_DEEP,
  MSG_QUEUE_NAME_TOO_SHORT,
  MSG_REQUIRED,
  MSG_ROTATION_TIME_REQUIRED,
  MSG_TOO_LONG,
  MSG_TOO_MANY_OPTIONS,
  MSG_TOO_SHORT,
} from './validation-messages.js';
import { hexColor, pageQuery } from './common.js';
import { scheduleEntrySchema } from './company.js';

/** Chatbot option kinds (docs/product/queues-and-chatbots.md#queues "Chatbot option", docs/product/queues-and-chatbots.md). */
export const QUEUE_OPTION_TYPES = ['text', 'queue', 'attendent', 'integration', 'file'] as const;
export type QueueOptionType = (typeof QUEUE_OPTION_TYPES)[number];

/** Limits of one queue's option tree: deep menus nobody can navigate are refused. */
export const CHATBOT_MAX_DEPTH = 10;
export const CHATBOT_MAX_OPTIONS = 500;

/**
 * An optional reference id. The lineage's selects send "" (or 0) for "none": both mean null.
 * Numbers may arrive as text from selects.
 */
const refId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' ? null : typeof v === 'string' ? Number(v) : v),
  z.number().int().positive().max(2_147_483_647).nullable().optional(),
);

const message = z.string().max(10_000).nullable().optional();

/** A week of working hours: one entry per weekday at most. */
export const schedulesSchema = z
  .array(scheduleEntrySchema)
  .max(7)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      if (seen.has(s.weekdayEn))
        ctx.addIssue({ code: 'custom', path: [i, 'weekdayEn'], message: MSG_DUPLICATED_WEEKDAY });
      seen.add(s.weekdayEn);
      if (s.startTimeA && s.endTimeA && s.endTimeA < s.startTimeA)
        ctx.addIssue({ code: 'custom', path: [i, 'endTimeA'], message: MSG_BEFORE_START });
      if (s.startTimeB && s.endTimeB && s.endTimeB < s.startTimeB)
        ctx.addIssue({ code: 'custom', path: [i, 'endTimeB'], message: MSG_BEFORE_START });
    });
  });

/** The fields of one chatbot option as the queue dialog and the option editor send them. */
export const chatbotOptionFields = z.object({
  name: z
    .string({ error: MSG_REQUIRED })
    .trim()
    .min(4, MSG_QUEUE_NAME_TOO_SHORT)
    .max(100, MSG_TOO_LONG),
  greetingMessage: message,
  queueType: z.enum(QUEUE_OPTION_TYPES).optional(),
  closeTicket: z.boolean().optional(),
  optQueueId: refId,
  optUserId: refId,
  optIntegrationId: refId,
  optFileId: refId,
  /** Position among its siblings (the array order when absent). */
  order: z.coerce.number().int().min(0).max(10_000).optional(),
});

/** The extra field each option type needs (docs/product/queues-and-chatbots.md#queues table), named when missing. */
export function chatbotTypeIssues(
  o: Partial<z.infer<typeof chatbotOptionFields>>,
): { path: string[]; message: string }[] {
  const need: Record<QueueOptionType, (keyof typeof o)[]> = {
    text: [],
    queue: ['optQueueId'],
    attendent: ['optUserId', 'optQueueId'],
    integration: ['optIntegrationId'],
    file: ['optFileId'],
  };
  return need[o.queueType ?? 'text']
    .filter((f) => !o[f])
    .map((f) => ({ path: [f], message: MSG_REQUIRED }));
}

/** One node of the tree sent with a queue: with `id` it edits that option, without it creates. */
export interface ChatbotNodeInput extends z.infer<typeof chatbotOptionFields> {
  id?: number;
  /** Children; when present the option's children become exactly these (others deleted). */
  options?: ChatbotNodeInput[];
}

export const chatbotNodeSchema: z.ZodType<ChatbotNodeInput> = chatbotOptionFields
  .extend({
    id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    get options() {
      return z.array(chatbotNodeSchema).max(CHATBOT_MAX_OPTIONS).optional();
    },
  })
  .superRefine((o, ctx) => {
    for (const i of chatbotTypeIssues(o)) ctx.addIssue({ code: 'custom', ...i });
  }) as z.ZodType<ChatbotNodeInput>;

/** Counts and depth of a sent tree, so one request cannot build an unbounded menu. */
function treeIssues(nodes: ChatbotNodeInput[] | undefined, ctx: z.RefinementCtx) {
  let count = 0;
  const walk = (list: ChatbotNodeInput[], depth: number) => {
    if (depth > CHATBOT_MAX_DEPTH)
      ctx.addIssue({ code: 'custom', path: ['chatbots'], message: MSG_MENU_TOO_DEEP });
    for (const n of list) {
      count++;
      if (n.options && depth <= CHATBOT_MAX_DEPTH) walk(n.options, depth + 1);
    }
  };
  walk(nodes ?? [], 1);
  if (count > CHATBOT_MAX_OPTIONS)
    ctx.addIssue({ code: 'custom', path: ['chatbots'], message: MSG_TOO_MANY_OPTIONS });
}

/** Every field of the queue dialog (docs/product/queues-and-chatbots.md#queues "Queue", docs/product/queues-and-chatbots.md "Queue"). */
export const queueFields = z.object({
  name: z.string({ error: MSG_REQUIRED }).trim().min(2, MSG_TOO_SHORT).max(50, MSG_TOO_LONG),
  color: hexColor,
  greetingMessage: message,
  outOfHoursMessage: message,
  orderQueue: z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(0).max(10_000).nullable().optional(),
  ),
  closeTicket: z.boolean().optional(),
  ativarRoteador: z.boolean().optional(),
  /** Rotation minutes (the dialog offers 2, 5, 10, 15, 30, 45 and 60; 0 = off). */
  tempoRoteador: z.coerce.number().int().min(0).max(1440).optional(),
  integrationId: refId,
  fileListId: refId,
  promptId: refId,
  schedules: schedulesSchema.optional(),
  /** The option tree; when present the queue's root options become exactly these. */
  chatbots: z.array(chatbotNodeSchema).max(CHATBOT_MAX_OPTIONS).optional(),
});

/** Rotation needs its interval: on with 0 minutes would rotate nothing. */
export function queueRuleIssues(v: {
  ativarRoteador?: boolean;
  tempoRoteador?: number;
}): { path: string[]; message: string }[] {
  return v.ativarRoteador && !((v.tempoRoteador ?? 0) > 0)
    ? [{ path: ['tempoRoteador'], message: MSG_ROTATION_TIME_REQUIRED }]
    : [];
}

export const createQueueSchema = queueFields.superRefine((v, ctx) => {
  treeIssues(v.chatbots, ctx);
  for (const i of queueRuleIssues(v)) ctx.addIssue({ code: 'custom', ...i });
});
/** Updates are checked against the stored queue too (queueRuleIssues on the merged values). */
export const updateQueueSchema = queueFields
  .partial()
  .superRefine((v, ctx) => treeIssues(v.chatbots, ctx));
export type CreateQueueInput = z.infer<typeof createQueueSchema>;
export type UpdateQueueInput = z.infer<typeof updateQueueSchema>;

/** POST /chatbot: one option under a queue (root) or under another option of that queue. */
export const createChatbotSchema = chatbotOptionFields
  .extend({
    queueId: z.coerce.number().int().positive().max(2_147_483_647),
    parentId: refId,
  })
  .superRefine((o, ctx) => {
    for (const i of chatbotTypeIssues(o)) ctx.addIssue({ code: 'custom', ...i });
  });
/** PUT /chatbot/:id: its own fields (it stays where it is in the tree). */
export const updateChatbotSchema = chatbotOptionFields.partial();
export type CreateChatbotInput = z.infer<typeof createChatbotSchema>;
export type UpdateChatbotInput = z.infer<typeof updateChatbotSchema>;

/** The picker lists (queue integrations, prompts, file lists): paged and searchable. */
export const pickerListQuery = pageQuery.extend({
  /** Sent by the lineage's file picker; a non-super caller always gets their own company. */
  companyId: z.coerce.number().int().optional(),
});

/** `GET /queue`: the caller's queues; a super admin may name another company (CLI usage). */
export const queueListQuery = z.object({ companyId: z.coerce.number().int().optional() });
