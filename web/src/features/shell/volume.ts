/** The notification volume: 0 to 1 in steps of 0.1 (docs/product/tickets.md#limits-and-constants), full when never set. */
export const VOLUME_STEP = 0.1;

/** Reads a saved volume, clamped to 0..1 and rounded to the step. */
export function parseVolume(saved: string | null): number {
  if (saved === null || saved.trim() === '') return 1;
  const value = Number(saved);
  if (!Number.isFinite(value)) return 1;
  return Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
}
