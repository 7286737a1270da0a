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

/** GET /queueIntegration rows: never the Dialogflow credentials. */
export const queueIntegrationView = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  projectName: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  urlN8N: z.string().nullable().optional(),
  typebotSlug: z.string().nullable().optional(),
});

/**
 * An integration as its dialog edits it (GET /queueIntegration/:id and every write's answer):
 * everything but the Dialogflow key, of which only whether one is stored.
 */
export const queueIntegrationDetailView = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  projectName: z.string().nullable(),
  language: z.string().nullable(),
  urlN8N: z.string().nullable(),
  typebotSlug: z.string().nullable(),
  typebotExpires: z.number(),
  typebotDelayMessage: z.number(),
  typebotKeywordFinish: z.string().nullable(),
  typebotKeywordRestart: z.string().nullable(),
  typebotUnknownMessage: z.string().nullable(),
  typebotRestartMessage: z.string().nullable(),
  hasJsonContent: z.boolean(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type QueueIntegrationDetailView = z.output<typeof queueIntegrationDetailView>;

/** GET /prompt rows: never the provider key. */
export const promptView = z.object({
  id: z.number(),
  name: z.string(),
  voice: z.string().optional(),
  model: z.string().nullable().optional(),
  queueId: z.number().nullable().optional(),
  maxTokens: z.number().optional(),
  temperature: z.number().optional(),
  maxMessages: z.number().optional(),
  /** The queue the assistant hands over to (the prompts page shows its name). */
  queue: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
});

/**
 * A prompt as its dialog edits it (GET /prompt/:id and every write's answer). The provider
 * key and the voice key are never sent back: only whether one is stored.
 */
export const promptDetailView = z.object({
  id: z.number(),
  name: z.string(),
  prompt: z.string(),
  voice: z.string(),
  voiceRegion: z.string().nullable(),
  model: z.string().nullable(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  maxTokens: z.number(),
  temperature: z.number(),
  maxMessages: z.number(),
  hasApiKey: z.boolean(),
  hasVoiceKey: z.boolean(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type PromptDetailView = z.output<typeof promptDetailView>;

/** GET /files rows: a file list (its files are listed by the file lists page). */
export const fileListView = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string().nullable().optional(),
});

/** One file of a file list; mediaUrl is the authenticated private path of its upload. */
export const fileListOptionView = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string().nullable(),
  mediaType: z.string().nullable(),
  mediaUrl: z.string().nullable(),
});

/** A file list with its files (GET /files/:id and every write's answer). */
export const fileListDetailView = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  options: z.array(fileListOptionView),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type FileListDetailView = z.output<typeof fileListDetailView>;
