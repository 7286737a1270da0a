import { apiSendMessageSchema, MSG_REQUIRED } from '@atendo/domain';
import { z } from 'zod';

/** Every empty required field carries the domain's 'Required' (translated by its code in `useFieldText`). */
const requiredText = z.string().trim().min(1, MSG_REQUIRED);
/** Empty says "required"; anything else must pass the api's own number rule. */
const number = requiredText.pipe(apiSendMessageSchema.shape.number);

/** The text test (docs/product/messages-api.md): token, number and body required; the number as the api checks it. */
export const textTestSchema = apiSendMessageSchema.pick({ number: true, body: true }).extend({
  token: requiredText,
  number,
  body: requiredText.max(65_536),
});
export type TextTestInput = z.input<typeof textTestSchema>;
export type TextTestValues = z.output<typeof textTestSchema>;

/** The media test: token, number and a file required; the body is the optional caption. */
export const mediaTestSchema = apiSendMessageSchema.pick({ number: true, body: true }).extend({
  token: requiredText,
  number,
  file: z.custom<File>((value) => value instanceof File, MSG_REQUIRED),
});
export type MediaTestInput = z.input<typeof mediaTestSchema>;
export type MediaTestValues = z.output<typeof mediaTestSchema>;
