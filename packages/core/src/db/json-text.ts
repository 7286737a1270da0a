/**
 * JSON that the server did not serialise from objects: PostgreSQL built it
 * (`json_build_object(…)::text`) or it was put together from kept row texts (kept-json.ts),
 * as UTF-8 bytes typed by the value they hold. A hot read hands it to its route as it is
 * (http's sqlJson) instead of parsing rows and serialising them again; `parseJsonText` reads it
 * where the value itself is needed.
 */
export type JsonText<T> = Buffer & { readonly __json?: T };

export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text.toString('utf8')) as T;
}

type Piece = Buffer | readonly Buffer[] | number | boolean;

const literals = new WeakMap<TemplateStringsArray, Buffer[]>();

/**
 * JSON bytes from a template: a Buffer value goes in as the JSON text it holds, an array of
 * Buffers as a JSON array of them, a number or boolean as written. Only the template's own
 * text is encoded, once per call site.
 */
export function jsonText<T>(strings: TemplateStringsArray, ...values: Piece[]): JsonText<T> {
  let fixed = literals.get(strings);
  if (!fixed) {
    fixed = strings.map((s) => Buffer.from(s));
    literals.set(strings, fixed);
  }
  const pieces: Buffer[] = [fixed[0]!];
  values.forEach((v, i) => {
    if (Buffer.isBuffer(v)) pieces.push(v);
    else if (Array.isArray(v)) {
      pieces.push(OPEN);
      v.forEach((item: Buffer, j) => {
        if (j > 0) pieces.push(COMMA);
        pieces.push(item);
      });
      pieces.push(CLOSE);
    } else pieces.push(Buffer.from(String(v)));
    pieces.push(fixed[i + 1]!);
  });
  return Buffer.concat(pieces);
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
