import { z } from 'zod';
import { nullableDate } from './common.js';

/** A queue as lists and pickers show it (the queues page table: id, name, colour, order, greeting). */
export const queueListView = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  orderQueue: z.number().nullable(),
  greetingMessage: z.string().nullable().optional(),
});

/** One chatbot option with its children, in sibling order. */
export interface ChatbotView {
  id: number;
  queueId: number;
  parentId: number | null;
  name: string;
  greetingMessage: string | null;
  queueType: string;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  order: number;
  options: ChatbotView[];
}

export const chatbotView: z.ZodType<ChatbotView, ChatbotView> = z.object({
  id: z.number(),
  queueId: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  greetingMessage: z.string().nullable(),
  queueType: z.string(),
  closeTicket: z.boolean(),
  optQueueId: z.number().nullable(),
  optUserId: z.number().nullable(),
  optIntegrationId: z.number().nullable(),
  optFileId: z.number().nullable(),
  order: z.number(),
  get options() {
    return z.array(chatbotView);
  },
}) as z.ZodType<ChatbotView, ChatbotView>;

const scheduleView = z.object({
  weekday: z.string().optional(),
  weekdayEn: z.string(),
  startTimeA: z.string().nullable().optional(),
  endTimeA: z.string().nullable().optional(),
  startTimeB: z.string().nullable().optional(),
  endTimeB: z.string().nullable().optional(),
});

/** One queue as the queue dialog reads it: every field plus its option tree (roots first). */
export const queueView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  color: z.string(),
  orderQueue: z.number().nullable(),
  greetingMessage: z.string().nullable(),
  outOfHoursMessage: z.string().nullable(),
  closeTicket: z.boolean(),
  ativarRoteador: z.boolean(),
  tempoRoteador: z.number(),
  integrationId: z.number().nullable(),
  fileListId: z.number().nullable(),
  promptId: z.number().nullable(),
  schedules: z.array(scheduleView),
  chatbots: z.array(chatbotView),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
/** A queue as the console reads it. */
export type QueueView = z.output<typeof queueView>;
/** A queue view before serialisation (timestamps may still be Dates): what the api builds. */
export type QueueViewRow = z.input<typeof queueView>;
