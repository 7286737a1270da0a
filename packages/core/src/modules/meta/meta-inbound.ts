import type { InboundEvent } from '@atendo/domain';

/** The Meta channels and the connection channel each webhook object belongs to. */
export type MetaChannel = 'whatsappapi' | 'facebook' | 'instagram';

/** Media that arrives by reference: a Cloud API media id, or a Messenger/Instagram CDN URL. */
export interface MetaMediaRef {
  /** Cloud API: GET /{id} gives a short-lived URL, read with the connection's token. */
  id?: string;
  /** Messenger/Instagram: a URL readable as is. */
  url?: string;
  mimetype: string;
  fileName?: string | null;
}

/**
 * One thing a webhook said, mapped and ready for the pipeline: which connection it is for
 * (the account id Meta names: a Cloud API phone-number id, a page id, an Instagram account
 * id), and either one InboundEvent or, for a Messenger read (a watermark, not ids), the
 * customer and the time up to which every message we sent was read.
 */
export type MetaInbound =
  | {
      type: 'event';
      channel: MetaChannel;
      accountId: string;
      event: InboundEvent;
      media?: MetaMediaRef;
    }
  | {
      type: 'readUntil';
      channel: MetaChannel;
      accountId: string;
      /** The customer's page-scoped id. */
      customerId: string;
      /** Milliseconds since the epoch. */
      watermark: number;
    };

/** Reads a nested value of an untrusted payload without throwing. */
export type Json = Record<string, unknown>;

export const obj = (v: unknown): Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : undefined;
