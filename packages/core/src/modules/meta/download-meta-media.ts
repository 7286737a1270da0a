import type { AppContext } from '../../context.js';
import type { InboundMedia } from '../inbound/receive-inbound.js';
import { graphBytes, graphJson } from './graph-client.js';
import type { MetaMediaRef } from './meta-inbound.js';

/** Larger media is refused by the channels themselves (Cloud API: 100 MB documents). */
const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/**
 * The bytes of an inbound media: a Cloud API media id is resolved (GET /{media-id} → a
 * short-lived URL) and read with the connection's token; a Messenger/Instagram attachment is
 * a public CDN URL, read without any token (a page token never leaves for another host).
 */
export async function downloadMetaMedia(
  ctx: AppContext,
  ref: MetaMediaRef,
  token: string | null,
): Promise<InboundMedia> {
  let url = ref.url;
  let mimetype = ref.mimetype;
  if (ref.id) {
    const info = await graphJson<{ url?: string; mime_type?: string; file_size?: number }>(ctx, {
      path: `/${encodeURIComponent(ref.id)}`,
      token,
    });
    if (!info.url) throw new Error(`media ${ref.id} has no URL`);
    if ((info.file_size ?? 0) > MAX_MEDIA_BYTES) throw new Error(`media ${ref.id} is too large`);
    url = info.url;
    mimetype = info.mime_type ?? mimetype;
  }
  if (!url) throw new Error('media without id or URL');
  const got = await graphBytes(ctx, { path: url, token: ref.id ? token : null });
  if (got.data.length > MAX_MEDIA_BYTES) throw new Error('media too large');
  const served = got.mimetype && got.mimetype !== 'application/octet-stream' ? got.mimetype : null;
  return {
    data: got.data,
    // Messenger's CDN knows the file's real type better than the attachment's kind.
    mimetype: ref.id ? mimetype : (served ?? mimetype),
    fileName: ref.fileName ?? null,
  };
}
