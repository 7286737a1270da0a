import { randomBytes } from 'node:crypto';
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

export function request(
  url: string,
  o: {
    method: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    timeoutMs: number;
  },
): Promise<HttpAnswer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const body = typeof o.body === 'string' ? Buffer.from(o.body) : o.body;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: o.method,
        headers: { ...o.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
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
    req.end(body);
  });
}

/** A multipart/form-data body of text fields and one file. */
export function multipart(
  fields: Record<string, string>,
  file: { field: string; data: Buffer; mimetype: string; fileName: string },
): { data: Buffer; contentType: string } {
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
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { data: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
