/**
 * JSON text that PostgreSQL built (`json_build_object(…)::text`), typed by the value it holds:
 * a hot read hands it to its route as it is (http's sqlJson) instead of parsing rows and
 * serialising them again. `parseJsonText` reads it where the value itself is needed.
 */
export type JsonText<T> = string & { readonly __json?: T };

export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}
