import { BufferJSON, type proto } from '@whiskeysockets/baileys';
import type { InboundEvent, InboundMessage, InboundResult } from '@atendo/domain';
import type { HistoryWindow } from './history.js';
import { multipart, request, type BodyPart, type HttpAnswer } from './http-request.js';

/** A refusal or failure of the api, with its `{ error }` code when it sent one. */
export class InternalApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    what: string,
  ) {
    super(`${what}: ${status}${code ? ` ${code}` : ''}`);
  }
}

/** An api failure worth retrying: its server errors, throttling, and no answer at all. */
export function isRetryable(err: unknown): boolean {
  return (
    !(err instanceof InternalApiError) ||
    err.status >= 500 ||
    err.status === 429 ||
    err.status === 408
  );
}

/** What the session reports about its WhatsApp link (protocol: PUT /internal/sessions/me/status). */
export interface StatusReport {
  status: string;
  qrcode?: string | null;
  number?: string | null;
  retries?: number;
  /** With DISCONNECTED: why WhatsApp ended the session for good. */
  reason?: string | null;
  endpoint?: string;
  controlKey?: string;
}

export interface SessionStartConfig {
  connectionId: number;
  companyId: number;
  proxyUrl: string | null;
}

export interface OutboundMedia {
  data: Buffer;
  mimetype: string;
}

/**
 * The session's side of the internal channel (`/internal/sessions/me/*`), every call with the
 * per-connection token. Auth values travel BufferJSON-encoded, as the protocol says.
 */
export class InternalApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async call(
    method: string,
    path: string,
    body?: { data: Buffer | string | BodyPart[]; contentType: string },
  ): Promise<HttpAnswer> {
    const res = await request(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body ? { 'content-type': body.contentType } : {}),
      },
      body: body?.data,
      timeoutMs: 30_000,
    });
    if (res.status < 200 || res.status >= 300) {
      let code: string | null = null;
      try {
        const error = (JSON.parse(res.body.toString('utf8')) as { error?: unknown } | null)?.error;
        code = typeof error === 'string' ? error : null;
      } catch {
        // Not JSON: the status says enough.
      }
      throw new InternalApiError(res.status, code, `${method} ${path}`);
    }
    return res;
  }

  private json(data: unknown, replacer?: (k: string, v: unknown) => unknown) {
    return { data: JSON.stringify(data, replacer), contentType: 'application/json' };
  }

  async reportStatus(report: StatusReport): Promise<void> {
    await this.call('PUT', '/internal/sessions/me/status', this.json(report));
  }

  async config(): Promise<SessionStartConfig> {
    const res = await this.call('GET', '/internal/sessions/me/config');
    return JSON.parse(res.body.toString('utf8')) as SessionStartConfig;
  }

  /** Auth values by key (`creds`, `<type>-<id>`); missing keys come back null. */
  async readAuth(keys: string[]): Promise<Record<string, unknown>> {
    const res = await this.call('POST', '/internal/sessions/me/auth/read', this.json({ keys }));
    const parsed = JSON.parse(res.body.toString('utf8'), BufferJSON.reviver) as {
      values?: Record<string, unknown>;
    };
    return parsed.values ?? {};
  }

  /** Writes auth values; null deletes the key. */
  async writeAuth(values: Record<string, unknown>): Promise<void> {
    await this.call(
      'PUT',
      '/internal/sessions/me/auth',
      this.json({ values }, BufferJSON.replacer),
    );
  }

  /** Logged out: the whole auth state goes. */
  async deleteAuth(): Promise<void> {
    await this.call('DELETE', '/internal/sessions/me/auth');
  }

  /**
   * One inbound event; media kinds travel as multipart (`event` + `media`), the bytes given or
   * streamed from a file.
   */
  async postEvent(
    event: InboundEvent,
    media?: {
      data: Buffer | { path: string; size: number };
      mimetype: string;
      fileName?: string | null;
    } | null,
  ): Promise<InboundResult> {
    const body = media
      ? multipart(
          { event: JSON.stringify(event) },
          {
            field: 'media',
            data: media.data,
            mimetype: media.mimetype,
            fileName: media.fileName || 'media',
          },
        )
      : this.json(event);
    const res = await this.call('POST', '/internal/sessions/me/events', body);
    return JSON.parse(res.body.toString('utf8')) as InboundResult;
  }

  /**
   * The content of a message this connection sent, as WhatsApp's retry requests need it
   * (`proto.IMessage`, BufferJSON on the wire); null when the api has no copy.
   */
  async messageContent(wid: string): Promise<proto.IMessage | null> {
    try {
      const res = await this.call(
        'GET',
        `/internal/sessions/me/messages/${encodeURIComponent(wid)}/content`,
      );
      const parsed = JSON.parse(res.body.toString('utf8'), BufferJSON.reviver) as {
        message?: proto.IMessage | null;
      };
      return parsed.message ?? null;
    } catch (err) {
      if (err instanceof InternalApiError && err.status === 404) return null;
      throw err;
    }
  }

  /** Whether the connection imports history after a pairing, and its window. */
  async historyConfig(): Promise<HistoryWindow> {
    const res = await this.call('GET', '/internal/sessions/me/history');
    return JSON.parse(res.body.toString('utf8')) as HistoryWindow;
  }

  /** One batch of history messages for the import. */
  async postHistory(messages: InboundMessage[]): Promise<{ staged: number; enabled: boolean }> {
    const res = await this.call('POST', '/internal/sessions/me/history', this.json({ messages }));
    return JSON.parse(res.body.toString('utf8')) as { staged: number; enabled: boolean };
  }

  /** The phone sent all its history. */
  async historyComplete(): Promise<void> {
    await this.call('POST', '/internal/sessions/me/history/complete');
  }

  /** The bytes of one of the company's private uploads (outbound media). */
  async media(file: string): Promise<OutboundMedia> {
    const res = await this.call('GET', `/internal/sessions/me/media/${encodeURIComponent(file)}`);
    return {
      data: res.body,
      mimetype: res.contentType?.split(';')[0]?.trim() || 'application/octet-stream',
    };
  }
}
