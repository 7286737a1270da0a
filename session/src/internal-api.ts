import { BufferJSON } from '@whiskeysockets/baileys';
import type { InboundEvent, InboundResult } from '@atendo/domain';

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

/** What the session reports about its WhatsApp link (protocol: PUT /internal/sessions/me/status). */
export interface StatusReport {
  status: string;
  qrcode?: string | null;
  number?: string | null;
  retries?: number;
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
    body?: string | FormData,
    json = true,
  ): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined && json) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) {
      const code = await res
        .json()
        .then((b: unknown) => {
          const error = (b as { error?: unknown } | null)?.error;
          return typeof error === 'string' ? error : null;
        })
        .catch(() => null);
      throw new InternalApiError(res.status, code, `${method} ${path}`);
    }
    return res;
  }

  async reportStatus(report: StatusReport): Promise<void> {
    await this.call('PUT', '/internal/sessions/me/status', JSON.stringify(report));
  }

  async config(): Promise<SessionStartConfig> {
    return (
      await this.call('GET', '/internal/sessions/me/config')
    ).json() as Promise<SessionStartConfig>;
  }

  /** Auth values by key (`creds`, `<type>-<id>`); missing keys come back null. */
  async readAuth(keys: string[]): Promise<Record<string, unknown>> {
    const res = await this.call(
      'POST',
      '/internal/sessions/me/auth/read',
      JSON.stringify({ keys }),
    );
    const parsed = JSON.parse(await res.text(), BufferJSON.reviver) as {
      values?: Record<string, unknown>;
    };
    return parsed.values ?? {};
  }

  /** Writes auth values; null deletes the key. */
  async writeAuth(values: Record<string, unknown>): Promise<void> {
    await this.call(
      'PUT',
      '/internal/sessions/me/auth',
      JSON.stringify({ values }, BufferJSON.replacer),
    );
  }

  /** Logged out: the whole auth state goes. */
  async deleteAuth(): Promise<void> {
    await this.call('DELETE', '/internal/sessions/me/auth');
  }

  /** One inbound event; media kinds travel as multipart (`event` + `media`). */
  async postEvent(
    event: InboundEvent,
    media?: { data: Buffer; mimetype: string; fileName?: string | null },
  ): Promise<InboundResult> {
    let res: Response;
    if (media) {
      const form = new FormData();
      form.set('event', JSON.stringify(event));
      form.set(
        'media',
        new Blob([new Uint8Array(media.data)], { type: media.mimetype }),
        media.fileName || 'media',
      );
      res = await this.call('POST', '/internal/sessions/me/events', form, false);
    } else {
      res = await this.call('POST', '/internal/sessions/me/events', JSON.stringify(event));
    }
    return (await res.json()) as InboundResult;
  }

  /** The bytes of one of the company's private uploads (outbound media). */
  async media(file: string): Promise<OutboundMedia> {
    const res = await this.call('GET', `/internal/sessions/me/media/${encodeURIComponent(file)}`);
    return {
      data: Buffer.from(await res.arrayBuffer()),
      mimetype: res.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream',
    };
  }
}
