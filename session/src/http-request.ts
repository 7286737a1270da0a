import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';

/**
 * Plain node:http requests for the internal api. Not fetch: Node loads its fetch (undici) on
 * first use, ~11 MB of an idle session's RSS, and the session would pay it for a few calls.
 */
export interface HttpAnswer {
  status: number;
  contentType: string | null;
  body: Buffer;
}

/** A body sent in parts: bytes, or a file streamed from disk (never read whole). */
export type BodyPart = Buffer | { path: string; size: number };

export function request(
  url: string,
  o: {
    method: string;
    headers?: Record<string, string>;
    body?: Buffer | string | BodyPart[];
    timeoutMs: number;
  },
): Promise<HttpAnswer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const parts: BodyPart[] | undefined =
    o.body === undefined ? undefined : Array.isArray(o.body) ? o.body : [Buffer.from(o.body)];
  const length = parts?.reduce((n, p) => n + (Buffer.isBuffer(p) ? p.length : p.size), 0);
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: o.method,
        headers: { ...o.headers, ...(parts ? { 'content-length': String(length) } : {}) },
        timeout: o.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? null,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out after ${o.timeoutMs} ms`)));
    req.on('error', reject);
    void writeParts(req, parts ?? []).catch((err: unknown) =>
      req.destroy(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

async function writeParts(req: http.ClientRequest, parts: BodyPart[]): Promise<void> {
  for (const part of parts) {
    if (Buffer.isBuffer(part)) {
      if (!req.write(part)) await new Promise((r) => req.once('drain', r));
      continue;
    }
    for await (const chunk of fs.createReadStream(part.path)) {
      if (!req.write(chunk as Buffer)) await new Promise((r) => req.once('drain', r));
    }
  }
  req.end();
}

/** A multipart/form-data body of text fields and one file (bytes, or a file on disk). */
export function multipart(
  fields: Record<string, string>,
  file: {
    field: string;
    data: Buffer | { path: string; size: number };
    mimetype: string;
    fileName: string;
  },
): { data: BodyPart[]; contentType: string } {
  const boundary = `----atendo${randomBytes(12).toString('hex')}`;
  const quote = (s: string) => s.replace(/[\r\n"]/g, '_');
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n` +
          `${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; ` +
        `filename="${quote(file.fileName)}"\r\nContent-Type: ${quote(file.mimetype)}\r\n\r\n`,
    ),
  );
  return {
    data: [Buffer.concat(parts), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)],
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
