import type { Campaign } from '../../db/entities/index.js';

const KINDS: [RegExp, string][] = [
  [/\.(png|jpe?g|gif|webp)$/i, 'image'],
  [/\.(mp4|3gp|mov|webm)$/i, 'video'],
  [/\.(mp3|ogg|opus|m4a|aac|wav)$/i, 'audio'],
];

/**
 * The campaign's attachment as a message's media: its private upload path and kind (by the
 * file's extension; anything else goes as a document). Null without an attachment.
 */
export function campaignMedia(
  companyId: number,
  c: Pick<Campaign, 'mediaPath' | 'mediaName'>,
): { mediaUrl: string; mediaType: string } | null {
  if (!c.mediaPath) return null;
  const name = c.mediaName || c.mediaPath;
  const mediaType = KINDS.find(([re]) => re.test(name))?.[1] ?? 'document';
  const mediaUrl = c.mediaPath.startsWith('/')
    ? c.mediaPath
    : `/private/${companyId}/${c.mediaPath}`;
  return { mediaUrl, mediaType };
}
