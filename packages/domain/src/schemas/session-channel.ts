import { z } from 'zod';
import { MSG_INVALID_KEY, MSG_TOO_MANY_KEYS } from './validation-messages.js';

/**
 * The session channel: what a connection's session program (Baileys) and the api say to each
 * other over the internal api, the session always presenting its own session token. Auth
 * state keys are Baileys' `creds` and `<type>-<id>`; values are BufferJSON-encoded JSON the
 * api stores encrypted and hands back unchanged.
 */

/** One auth state key: printable, no control characters. */
export const sessionAuthKey = z
  .string()
  .min(1)
  .max(512)
  .refine(
    (k) => ![...k].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
    MSG_INVALID_KEY,
  )
  .refine((k) => k !== '__proto__', MSG_INVALID_KEY);

/** At most this many keys per read or write (Baileys writes pre-keys in batches of hundreds). */
export const SESSION_AUTH_BATCH = 2000;

export const sessionAuthReadSchema = z.object({
  keys: z.array(sessionAuthKey).max(SESSION_AUTH_BATCH),
});
export type SessionAuthRead = z.output<typeof sessionAuthReadSchema>;

/** Stored values by key; a key never written (or deleted) answers null. */
export const sessionAuthValuesView = z.object({
  values: z.record(z.string(), z.unknown()),
});

/** Values to store by key; null deletes the key. */
export const sessionAuthWriteSchema = z.object({
  values: z
    .record(sessionAuthKey, z.unknown())
    .refine((v) => Object.keys(v).length <= SESSION_AUTH_BATCH, {
      message: MSG_TOO_MANY_KEYS,
    }),
});
export type SessionAuthWrite = z.output<typeof sessionAuthWriteSchema>;

/** What a session needs to start: who it is, and the proxy to go out through (docs/product/connections.md Proxy). */
export const sessionConfigView = z.object({
  connectionId: z.number(),
  companyId: z.number(),
  /** `protocol://[user:password@]host:port`, or null to go out directly. */
  proxyUrl: z.string().nullable(),
});
export type SessionConfigView = z.output<typeof sessionConfigView>;

/** A private upload of the session's company, by its stored name. */
export const sessionMediaParams = z.object({ file: z.string().min(1).max(255) });

/** One of the connection's messages, by its WhatsApp id. */
export const sessionMessageParams = z.object({ wid: z.string().min(1).max(256) });

/**
 * A message the connection sent, as WhatsApp's retry requests need it again: the protobuf
 * content the session sent (BufferJSON), or, for a text stored before that was kept, its text.
 */
export const sessionMessageContentView = z.object({ message: z.unknown() });
