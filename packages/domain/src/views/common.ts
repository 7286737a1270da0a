import { z } from 'zod';

/**
 * Response shapes. The api parses what it sends through these, so a column not listed here
 * (password hashes, tokens) can never leak into a response. One file per module; these are
 * the pieces they share.
 */

/** A timestamp: Date objects from the database become ISO strings. */
export const isoDate = z.union([z.date().transform((d) => d.toISOString()), z.string()]);
/** An optional, nullable timestamp. */
export const nullableDate = isoDate.nullable().optional();

export const queueRefView = z.object({ id: z.number(), name: z.string(), color: z.string() });
export const whatsappRefView = z.object({ id: z.number(), name: z.string() });

/** A paged list: `{ <records>, hasMore, count }`. */
export function paged<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), hasMore: z.boolean(), count: z.number().optional() } as {
    [P in K]: z.ZodArray<T>;
  } & { hasMore: z.ZodBoolean; count: z.ZodOptional<z.ZodNumber> });
}

/** A bare acknowledgement: `{ message }`. */
export const messageView = z.object({ message: z.string() });
