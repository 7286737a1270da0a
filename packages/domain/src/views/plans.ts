import { z } from 'zod';
import { nullableDate } from './common.js';

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
