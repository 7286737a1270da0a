import { api } from '@/lib/api';

/** What every message of the composer carries besides its content. */
export interface SendOptions {
  isPrivate: boolean;
  sendSignMessage: boolean;
  quotedMsgId?: number | null;
}

/** Sends a text (or a contact card or location) as JSON. */
export function sendJson(
  ticketUuid: string,
  content: {
    body?: string;
    vCard?: { name: string; number: string };
    location?: { latitude: number; longitude: number; name?: string };
  },
  options: SendOptions,
) {
  return api.call('messagesStore', {
    params: { ticketId: ticketUuid },
    body: {
      body: content.body ?? '',
      isPrivate: options.isPrivate,
      sendSignMessage: options.sendSignMessage,
      ...(options.quotedMsgId ? { quotedMsg: { id: options.quotedMsgId } } : {}),
      ...(content.vCard ? { vCard: content.vCard } : {}),
      ...(content.location ? { location: content.location } : {}),
    },
  });
}

/** Sends files as multipart: the `medias` parts and the caption as `body` (no quote: the
 * multipart fields are plain text). */
export function sendMedia(
  ticketUuid: string,
  files: { file: File | Blob; name: string; caption?: string }[],
  options: SendOptions,
) {
  const form = new FormData();
  for (const { file, name } of files) form.append('medias', file, name);
  form.append('body', files.map((f) => f.caption ?? '').find((c) => c.trim()) ?? '');
  form.append('isPrivate', String(options.isPrivate));
  form.append('sendSignMessage', String(options.sendSignMessage));
  return api.request('POST', `/messages/${encodeURIComponent(ticketUuid)}`, { formData: form });
}
