import { z } from 'zod';
import { nullableDate } from './common.js';

/** A proxy as the api returns it: the password never, only whether one is stored. */
export const proxyView = z.object({
  id: z.number(),
  companyId: z.number(),
  host: z.string(),
  port: z.number(),
  protocol: z.string(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  enabled: z.boolean(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type ProxyView = z.output<typeof proxyView>;
