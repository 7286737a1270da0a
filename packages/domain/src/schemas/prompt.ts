import { z } from 'zod';
import {
  MSG_QUEUE_REQUIRED_PT,
  MSG_REQUIRED_PT,
  MSG_TOO_LONG,
  MSG_TOO_SHORT,
  MSG_UNKNOWN_VOICE,
} from './validation-messages.js';

/** docs/product/queues-and-chatbots.md: the answer in text, or one of the sixteen Brazilian neural voices. */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ThalitaNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;

/** docs/product/queues-and-chatbots.md: prompt defaults. */
export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto' };

const secret = z.string().trim().max(500, MSG_TOO_LONG);

/**
 * The prompt's fields (docs/product/queues-and-chatbots.md: name 5-100 characters, prompt at least 50, a queue
 * required: 'Informe o setor'). The provider key and the voice key are write-only: no answer
 * carries them back, and an update without them keeps the stored ones.
 */
const fields = {
  name: z.string({ error: MSG_REQUIRED_PT }).trim().min(5, MSG_TOO_SHORT).max(100, MSG_TOO_LONG),
  prompt: z
    .string({ error: MSG_REQUIRED_PT })
    .trim()
    .min(50, MSG_TOO_SHORT)
    .max(20_000, MSG_TOO_LONG),
  queueId: z
    .number({ error: MSG_QUEUE_REQUIRED_PT })
    .int(MSG_QUEUE_REQUIRED_PT)
    .positive(MSG_QUEUE_REQUIRED_PT)
    .max(2_147_483_647),
  voice: z.enum(PROMPT_VOICES, { error: MSG_UNKNOWN_VOICE }),
  voiceRegion: z.string().trim().max(50, MSG_TOO_LONG).nullable(),
  maxTokens: z.number().int().min(10).max(4096),
  temperature: z.number().min(0).max(2),
  maxMessages: z.number().int().min(1).max(50),
  model: z.string().trim().max(100, MSG_TOO_LONG).nullable(),
};

/** `POST /prompt`: the provider key is required to create. */
export const createPromptSchema = z.object({
  name: fields.name,
  prompt: fields.prompt,
  queueId: fields.queueId,
  apiKey: secret.min(1, MSG_REQUIRED_PT),
  voice: fields.voice.optional().default('texto'),
  voiceKey: secret.nullable().optional(),
  voiceRegion: fields.voiceRegion.optional(),
  maxTokens: fields.maxTokens.optional().default(PROMPT_DEFAULTS.maxTokens),
  temperature: fields.temperature.optional().default(PROMPT_DEFAULTS.temperature),
  maxMessages: fields.maxMessages.optional().default(PROMPT_DEFAULTS.maxMessages),
  model: fields.model.optional(),
});
export type CreatePromptInput = z.infer<typeof createPromptSchema>;

/** `PUT /prompt/:id`: what is sent changes; an empty or absent key keeps the stored one. */
export const updatePromptSchema = z.object({
  name: fields.name.optional(),
  prompt: fields.prompt.optional(),
  queueId: fields.queueId.optional(),
  apiKey: secret.optional(),
  voice: fields.voice.optional(),
  voiceKey: secret.nullable().optional(),
  voiceRegion: fields.voiceRegion.optional(),
  maxTokens: fields.maxTokens.optional(),
  temperature: fields.temperature.optional(),
  maxMessages: fields.maxMessages.optional(),
  model: fields.model.optional(),
});
export type UpdatePromptInput = z.infer<typeof updatePromptSchema>;
