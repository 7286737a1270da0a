import { z } from 'zod';
import {
  MSG_INVALID_JSON,
  MSG_INVALID_URL,
  MSG_REQUIRED_PT,
  MSG_TOO_LONG,
  MSG_TOO_SHORT,
} from './validation-messages.js';

/** The external bots a queue, chatbot option or connection can hand a ticket to (docs/product/queues-and-chatbots.md). */
export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];
/** Dialogflow's session languages (docs/product/queues-and-chatbots.md#queues). */
export const QUEUE_INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const;

const text = (max: number) => z.string().trim().max(max, MSG_TOO_LONG);

/** An http(s) address the integration is reached at. */
const httpUrl = text(2000).refine(
  (v) => {
    if (v === '') return true;
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  },
  { message: MSG_INVALID_URL },
);

/** A Dialogflow service-account key: a JSON object (a secret, never answered back). */
const serviceAccountJson = text(20_000).refine(
  (v) => {
    if (v === '') return true;
    try {
      const parsed: unknown = JSON.parse(v);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
    } catch {
      return false;
    }
  },
  { message: MSG_INVALID_JSON },
);

const shape = z.object({
  type: z.enum(QUEUE_INTEGRATION_TYPES, { error: MSG_REQUIRED_PT }),
  name: z.string({ error: MSG_REQUIRED_PT }).trim().min(2, MSG_TOO_SHORT).max(50, MSG_TOO_LONG),
  projectName: text(200).nullable().optional(),
  /** Write-only: an update without it keeps the stored key. */
  jsonContent: serviceAccountJson.nullable().optional(),
  language: z.enum(QUEUE_INTEGRATION_LANGUAGES).nullable().optional(),
  urlN8N: httpUrl.nullable().optional(),
  typebotSlug: text(200).nullable().optional(),
  /** Minutes without an answer after which a Typebot session ends. */
  typebotExpires: z.number().int().min(0).max(10_080).optional(),
  /** Milliseconds between the Typebot's messages. */
  typebotDelayMessage: z.number().int().min(0).max(60_000).optional(),
  typebotKeywordFinish: text(100).nullable().optional(),
  typebotKeywordRestart: text(100).nullable().optional(),
  typebotUnknownMessage: text(2000).nullable().optional(),
  typebotRestartMessage: text(2000).nullable().optional(),
});

/**
 * docs/product/queues-and-chatbots.md: name 2-50; n8n and webhook need their url; Typebot its url and slug; Dialogflow
 * its project and language (its key is checked by the server: required when none is stored).
 */
export const queueIntegrationSchema = shape.superRefine((o, ctx) => {
  const need = (field: keyof typeof o) => {
    const v = o[field];
    if (v === undefined || v === null || v === '')
      ctx.addIssue({ code: 'custom', path: [field], message: MSG_REQUIRED_PT });
  };
  if (o.type === 'n8n' || o.type === 'webhook') need('urlN8N');
  if (o.type === 'typebot') {
    need('urlN8N');
    need('typebotSlug');
  }
  if (o.type === 'dialogflow') {
    need('projectName');
    need('language');
  }
});
export type QueueIntegrationInput = z.infer<typeof queueIntegrationSchema>;

/**
 * POST /queueIntegration/testSession (docs/product/queues-and-chatbots.md#routes, issue 25): the dialog's current values, tried
 * against the provider before (or without) saving. Dialogflow needs its project, language and
 * key — or, when editing, the stored integration's `id` (its key is write-only: the dialog
 * never has it); Typebot its url and slug; n8n and webhook their url.
 */
export const queueIntegrationTestSchema = z
  .object({
    type: z.enum(QUEUE_INTEGRATION_TYPES, { error: MSG_REQUIRED_PT }).default('dialogflow'),
    /** The integration being edited: its stored Dialogflow key is used when none is sent. */
    id: z.number().int().positive().nullable().optional(),
    projectName: text(200).nullable().optional(),
    jsonContent: serviceAccountJson.nullable().optional(),
    language: z.enum(QUEUE_INTEGRATION_LANGUAGES).nullable().optional(),
    urlN8N: httpUrl.nullable().optional(),
    typebotSlug: text(200).nullable().optional(),
  })
  .superRefine((o, ctx) => {
    const need = (field: keyof typeof o) => {
      const v = o[field];
      if (v === undefined || v === null || v === '')
        ctx.addIssue({ code: 'custom', path: [field], message: MSG_REQUIRED_PT });
    };
    if (o.type === 'n8n' || o.type === 'webhook') need('urlN8N');
    if (o.type === 'typebot') {
      need('urlN8N');
      need('typebotSlug');
    }
    if (o.type === 'dialogflow') {
      need('projectName');
      need('language');
      if (!o.id) need('jsonContent');
    }
  });
export type QueueIntegrationTestInput = z.infer<typeof queueIntegrationTestSchema>;

/**
 * What a successful test answers: Dialogflow the matched intent and its messages, Typebot the
 * status and how many messages its start answered, n8n and webhook the status of the url.
 */
export const queueIntegrationTestView = z.object({
  ok: z.literal(true),
  type: z.enum(QUEUE_INTEGRATION_TYPES),
  intent: z.string().nullable().optional(),
  messages: z.array(z.string()).optional(),
  messageCount: z.number().int().optional(),
  status: z.number().int().optional(),
});
export type QueueIntegrationTestView = z.infer<typeof queueIntegrationTestView>;
