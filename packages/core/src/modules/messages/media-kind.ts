/**
 * The message kind (stored mediaType) of a file by its MIME type: image, video or audio, and
 * anything else a document. Inbound and outbound messages use the same kinds.
 */
export function mediaKindOf(mime: string | null): string {
  if (!mime) return 'document';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}
