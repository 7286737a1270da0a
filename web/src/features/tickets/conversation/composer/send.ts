import type { CallOutput } from '@atendo/api-client';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';

/** What every message of the composer carries besides its content. */
export interface SendOptions {
  isPrivate: boolean;
  sendSignMessage: boolean;
  quotedMsgId?: number | null;
}

/** What a text, contact card or location message holds. */
export interface JsonContent {
  body?: string;
  vCard?: { name: string; number: string };
  location?: { latitude: number; longitude: number; name?: string };
}

/** A file to send, with the caption typed for it. */
export interface MediaFile {
  file: File | Blob;
  name: string;
  caption?: string;
}

/**
 * The composer's sends to the ticket `ticketUuid` (POST /messages/:ticketId). Neither refetches:
 * the composer shows the answer's messages at once and the socket's message event brings them
 * to the lists (docs/development.md#data-layer).
 */
export function useSendMessage(ticketUuid: string) {
  const json = useRouteMutation('messagesStore');
  // The route takes its fields as multipart text when files come along, which the contract's
  // JSON body does not type, so the upload goes by path.
  const multipart = useMutation({
    mutationFn: (form: FormData) =>
      api.request<CallOutput<'messagesStore'>>(
        'POST',
        `/messages/${encodeURIComponent(ticketUuid)}`,
        { formData: form },
      ),
  });

  return {
    /** Sends a text (or a contact card or location) as JSON. */
    sendJson: (content: JsonContent, options: SendOptions) =>
      json.mutateAsync({
        params: { ticketId: ticketUuid },
        body: {
          body: content.body ?? '',
          isPrivate: options.isPrivate,
          sendSignMessage: options.sendSignMessage,
          ...(options.quotedMsgId ? { quotedMsg: { id: options.quotedMsgId } } : {}),
          ...(content.vCard ? { vCard: content.vCard } : {}),
          ...(content.location ? { location: content.location } : {}),
        },
      }),
    /** Sends files as multipart: the `medias` parts and the caption as `body` (no quote: the
     * multipart fields are plain text). */
    sendMedia: (files: MediaFile[], options: SendOptions) => {
      const form = new FormData();
      for (const { file, name } of files) form.append('medias', file, name);
      form.append('body', files.map((f) => f.caption ?? '').find((c) => c.trim()) ?? '');
      form.append('isPrivate', String(options.isPrivate));
      form.append('sendSignMessage', String(options.sendSignMessage));
      return multipart.mutateAsync(form);
    },
  };
}
