/**
 * The path of the first place where two JSON values differ (`.a.b.0`), or undefined when they
 * are equal: what the api's checks of SQL-built answers (CHECK_SQL_JSON) and of socket pushes
 * (CHECK_REALTIME) report.
 */
export function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return at;
  if (Array.isArray(a) !== Array.isArray(b)) return at;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      `${at}.${k}`,
    );
    if (d !== undefined) return d;
  }
  return undefined;
}
