/** A file kind recognised by its first bytes. */
export interface FileKind {
  ext: string;
  mime: string;
}

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');
const bytes = (b: Buffer, from: number, sig: number[]) =>
  b.length >= from + sig.length && sig.every((v, i) => b[from + i] === v);

/** An EBML variable-size integer at `at` (RFC 8794 §4): its length and value, or null. */
function vint(b: Buffer, at: number): { len: number; value: number } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const len = Math.clz32(first) - 23;
  if (at + len > b.length) return null;
  let value = first & (0xff >> len);
  for (let i = 1; i < len; i++) value = value * 256 + b[at + i]!;
  return { len, value: value === 2 ** (7 * len) - 1 ? Infinity : value }; // all ones: unknown
}

/** Matroska element ids (as written, marker bits included) that tell a file's track types. */
const MKV = { segment: 0x18538067, tracks: 0x1654ae6b, trackEntry: 0xae, trackType: 0x83 };
const MKV_CLUSTER = 0x1f43b675;

/**
 * Whether a WebM (Matroska) file has audio tracks and no video one: a browser's recording
 * (MediaRecorder's `audio/webm;codecs=opus`). Walks the elements into the Segment, Tracks and
 * TrackEntry masters, over the others, up to the first Cluster: muxers (MediaRecorder's too)
 * write the tracks before it. A file whose tracks are not found there counts as a video.
 */
function isAudioOnlyWebm(b: Buffer): boolean {
  const types: number[] = [];
  let at = 0;
  while (at < b.length) {
    const id = vint(b, at);
    const size = id && vint(b, at + id.len);
    if (!id || id.len > 4 || !size) return false; // ids are 1 to 4 bytes long
    const element = b.readUIntBE(at, id.len);
    const body = at + id.len + size.len;
    if (element === MKV_CLUSTER) break;
    if (element === MKV.segment || element === MKV.tracks || element === MKV.trackEntry) {
      at = body;
      continue;
    }
    if (size.value === Infinity) return false;
    if (element === MKV.trackType && size.value === 1 && body < b.length) types.push(b[body]!);
    at = body + size.value;
  }
  return types.includes(2) && !types.includes(1); // Matroska TrackType: 1 video, 2 audio
}

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
  // A WebM with only audio (a recording from the console in Chrome) is audio, stored as .weba.
  {
    ext: 'weba',
    mime: 'audio/webm',
    matches: (b) => bytes(b, 0, [0x1a, 0x45, 0xdf, 0xa3]) && isAudioOnlyWebm(b),
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
