import path from 'node:path';

/** The client's file name as a display name: no folders, no control characters, bounded. */
export function uploadDisplayName(original: string | undefined, ext: string): string {
  const base = [...path.basename(original ?? '')]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return (base || `anexo.${ext}`).slice(0, 200);
}
