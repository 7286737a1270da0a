import { z } from 'zod';
import { MSG_HTTP_URL } from './validation-messages.js';
import { CHANNELS, CONNECTION_STATUSES, CONNECTION_STOP_REASONS } from './whatsapp.js';
import { timeZoneSchema } from './company.js';

/**
 * Bodies of the internal api: what platform services (the operator reconciling Company and
 * Connection resources, session pods reporting their state) send with their tokens.
 */

/** A Kubernetes object name (RFC 1123 subdomain), as the operator's resources carry it. */
export const resourceName = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/)
  .max(253);

export const companyResourceParams = z.object({ resourceName });

/** The spec of a Company resource: the tenant to provision or update. */
export const companyResourceSchema = z.object({
  displayName: z.string().trim().min(2).max(50),
  plan: z.string().max(100).optional(),
  active: z.boolean().default(true),
  dueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  timezone: timeZoneSchema.optional(),
  adminEmail: z.string().trim().toLowerCase().email(),
  limits: z
    .object({
      users: z.number().int().min(0).optional(),
      connections: z.number().int().min(0).optional(),
      queues: z.number().int().min(0).optional(),
    })
    .optional(),
});
export type CompanyResourceSpec = z.output<typeof companyResourceSchema>;

/** A Connection resource: the connection to register (idempotently, by resource name). */
export const connectionResourceSchema = z.object({
  companyId: z.number().int().positive(),
  resourceName,
  displayName: z.string().trim().min(2).max(50),
  channel: z.enum(CHANNELS),
});
export type ConnectionResourceInput = z.output<typeof connectionResourceSchema>;

/** What a session reports about its WhatsApp link, with its own session token. */
export const sessionStatusReportSchema = z.object({
  status: z.enum(CONNECTION_STATUSES),
  qrcode: z.string().max(10_000).nullable().optional(),
  number: z
    .string()
    .regex(/^\d{8,20}$/)
    .nullable()
    .optional(),
  retries: z.number().int().min(0).max(1000).optional(),
  /** With DISCONNECTED: why WhatsApp ended the session for good (null: it did not). */
  reason: z.enum(CONNECTION_STOP_REASONS).nullable().optional(),
  /** Where the session's control server listens (the api sends through it). */
  endpoint: z
    .string()
    .max(2048)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), MSG_HTTP_URL)
    .optional(),
  /** The secret the api presents to the session's control server (stored encrypted). */
  controlKey: z.string().min(32).max(256).optional(),
});
export type SessionStatusReport = z.output<typeof sessionStatusReportSchema>;
