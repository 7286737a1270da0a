/** A file kind recognised by its first bytes. */
export interface FileKind {
  ext: string;
  mime: string;
}

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');
const bytes = (b: Buffer, from: number, sig: number[]) =>
  b.length >= from + sig.length && sig.every((v, i) => b[from + i] === v);

/** Magic numbers of the kinds users may upload (images, audio, video, documents). */
const SIGNATURES: (FileKind & { matches: (b: Buffer) => boolean })[] = [
  { ext: 'jpg', mime: 'image/jpeg', matches: (b) => bytes(b, 0, [0xff, 0xd8, 0xff]) },
  {
    ext: 'png',
    mime: 'image/png',
    matches: (b) => bytes(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { ext: 'gif', mime: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(ascii(b, 0, 6)) },
  {
    ext: 'webp',
    mime: 'image/webp',
    matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  },
  { ext: 'pdf', mime: 'application/pdf', matches: (b) => ascii(b, 0, 5) === '%PDF-' },
  { ext: 'ogg', mime: 'audio/ogg', matches: (b) => ascii(b, 0, 4) === 'OggS' },
  {
    ext: 'mp3',
    mime: 'audio/mpeg',
    matches: (b) =>
      ascii(b, 0, 3) === 'ID3' || (b.length > 1 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0),
  },
  {
    ext: 'wav',
    mime: 'audio/wav',
    matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE',
  },
  { ext: 'webm', mime: 'video/webm', matches: (b) => bytes(b, 0, [0x1a, 0x45, 0xdf, 0xa3]) },
  {
    ext: 'mp4',
    mime: 'video/mp4',
    matches: (b) => ascii(b, 4, 8) === 'ftyp' && !/^(M4A |M4B )/.test(ascii(b, 8, 12)),
  },
  { ext: 'm4a', mime: 'audio/mp4', matches: (b) => ascii(b, 4, 8) === 'ftyp' },
  // A zip whose directory names the workbook part (a .docx or any other zip is not a sheet).
  {
    ext: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    matches: (b) => ascii(b, 0, 4) === 'PK\x03\x04' && b.includes('xl/workbook.xml', 0, 'latin1'),
  },
  // The legacy Office container (OLE compound file), as Excel 97-2003 saves .xls.
  {
    ext: 'xls',
    mime: 'application/vnd.ms-excel',
    matches: (b) => bytes(b, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  },
];

/**
 * The kind of a file from its content, never from the client's name or Content-Type: what is
 * stored and served follows what the bytes are (a GIF that is also HTML stays a GIF).
 */
export function sniffFileType(file: Buffer, allowed?: readonly string[]): FileKind | null {
  const kind = SIGNATURES.find((s) => (!allowed || allowed.includes(s.ext)) && s.matches(file));
  return kind ? { ext: kind.ext, mime: kind.mime } : null;
}

/** The Content-Type of a stored file, by the extension it was stored under. */
export function mimeOfStoredFile(fileName: string): string {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return SIGNATURES.find((s) => s.ext === ext)?.mime ?? 'application/octet-stream';
}

/** The kinds a profile picture may be. */
export const IMAGE_KINDS = ['jpg', 'png', 'gif', 'webp'] as const;
