import type { ChatMessageView } from '@atendo/domain';
import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { AudioLines } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { transcriptionKeys } from './queries';

const transcriptKey = (messageId: number) => [...transcriptionKeys.all, 'message', messageId];

/**
 * Whether a message offers 'Transcrever' (docs/product/settings.md): audio messages, and in groups only the
 * other participants' ones.
 */
export function canTranscribe(message: ChatMessageView, isGroup?: boolean): boolean {
  return message.mediaType === 'audio' && !message.isDeleted && !(isGroup && message.fromMe);
}

/**
 * The 'Transcrever' item of a message's menu: asks the api for the text of the audio (the
 * company's default service) and keeps it in the cache under the message, where
 * MessageTranscript shows it. Failures are the server's codes through the shared toast.
 */
export function TranscribeMenuItem({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // The transcript is kept under the message (no query reads it back), so the route declares
  // no invalidation and the answer goes into the cache here.
  const transcribe = useRouteMutation('transcriptionTranscribe', {
    mutationKey: transcriptKey(message.id),
    onSuccess: (res) => client.setQueryData(transcriptKey(message.id), res.text),
    onError: toastError,
  });
  const ask = () =>
    transcribe.mutate({
      params: { ticketId: message.ticketId },
      body: { mediaUrl: message.mediaUrl, quotedMsg: { id: message.id } },
    });
  return (
    <DropdownMenuItem disabled={transcribe.isPending} onSelect={ask}>
      {t('transcription.transcribe')}
    </DropdownMenuItem>
  );
}

/** The transcript of an audio message under it, once asked for (or 'Transcrevendo...'). */
export function MessageTranscript({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  const pending = useIsMutating({ mutationKey: transcriptKey(messageId) }) > 0;
  const { data } = useQuery<string | null>({
    queryKey: transcriptKey(messageId),
    // Filled only by TranscribeMenuItem: never fetched, kept while the conversation is open.
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  if (!pending && !data) return null;
  return (
    <figure
      className="mt-1 flex gap-1.5 border-t border-current/15 pt-1 text-xs italic"
      aria-label={t('transcription.transcriptLabel')}
    >
      <AudioLines className="mt-0.5 size-3 shrink-0" aria-hidden />
      <figcaption>{pending ? t('transcription.transcribing') : data}</figcaption>
    </figure>
  );
}
