import { z } from 'zod';
import {
  MSG_INVALID_HOST,
  MSG_INVALID_PORT,
  MSG_INVALID_TEXT,
  MSG_NOT_INTEGER,
  MSG_REQUIRED,
} from './validation-messages.js';

/** Protocols a session can tunnel through (docs/product/connections.md#validation Proxy). */
export const PROXY_PROTOCOLS = ['http', 'https', 'socks4', 'socks5'] as const;
export type ProxyProtocol = (typeof PROXY_PROTOCOLS)[number];

/** A host name or address: no scheme, path, credentials or spaces (they belong elsewhere). */
const proxyHost = z
  .string()
  .trim()
  .min(1, MSG_REQUIRED)
  .max(253)
  .regex(/^[A-Za-z0-9.\-:[\]_]+$/, MSG_INVALID_HOST);

/** The port, typed as text by forms: converted to an integer 1-65535 (docs/product/connections.md#validation). */
const proxyPort = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
  z
    .number({ message: MSG_REQUIRED })
    .int(MSG_NOT_INTEGER)
    .min(1, MSG_INVALID_PORT)
    .max(65535, MSG_INVALID_PORT),
);

/** Empty text means "none" for the optional credentials; NUL cannot be stored. */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .max(max)
      .refine((s) => !s.includes('\u0000'), MSG_INVALID_TEXT)
      .nullable()
      .optional(),
  );

/** `POST /proxy`: a company's outbound proxy. The password is stored sealed, never returned. */
export const proxySchema = z.object({
  host: proxyHost,
  port: proxyPort,
  protocol: z.enum(PROXY_PROTOCOLS).default('http'),
  username: optionalText(255),
  password: optionalText(255),
  enabled: z.boolean().default(true),
});
export type ProxyInput = z.output<typeof proxySchema>;

/**
 * `PUT /proxy/:id`: any field; a missing or empty password keeps the stored one (the form
 * never has it), `clearPassword: true` removes it.
 */
export const updateProxySchema = z.object({
  host: proxyHost.optional(),
  port: proxyPort.optional(),
  protocol: z.enum(PROXY_PROTOCOLS).optional(),
  username: optionalText(255),
  password: optionalText(255),
  clearPassword: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export type UpdateProxyInput = z.output<typeof updateProxySchema>;
