import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Headers;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/**
 * One HTTP request with exactly these headers. Not fetch: undici sets its own
 * `Sec-Fetch-Mode: cors` on every request and is free to adjust browser-only headers, and
 * what a browser sends (navigate mode, Origin) is what the console and CORS tests are about.
 */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
        resolve({
          status: res.statusCode ?? 0,
          headers: h,
          text: () => Promise.resolve(text),
          json: () => Promise.resolve(JSON.parse(text) as unknown),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
