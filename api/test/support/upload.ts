import type { TestClient } from './api.js';

/** A valid 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Posts one file as multipart/form-data with this client's token (plus extra text fields). */
export function postFile(
  c: TestClient,
  path: string,
  file: { field?: string; name: string; type: string; bytes: Buffer | string },
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes;
  form.append(
    file.field ?? 'profileImage',
    new Blob([new Uint8Array(bytes)], { type: file.type }),
    file.name,
  );
  const url = `${(c as unknown as { baseUrl: string }).baseUrl}${path}`;
  return fetch(url, {
    method: 'POST',
    headers: c.token ? { Authorization: `Bearer ${c.token}` } : {},
    body: form,
  });
}
