import { useRouteMutation } from '@/lib/cache/use-route-mutation';

/** Pause between two forwarded messages (docs/product/tickets.md#limits-and-constants). */
export const FORWARD_PAUSE_MS = 900;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Forwards messages one after another, oldest first, with a pause between them so they arrive
 * in order and the channel is not flooded. Each forwarded message reaches the lists through the
 * socket's message event, so a forward refetches nothing itself.
 */
export function useForwardMessages(pauseMs = FORWARD_PAUSE_MS) {
  const forward = useRouteMutation('messagesForward');
  return async (messageIds: number[], contactId: number, signMessage: boolean): Promise<void> => {
    const ordered = [...messageIds].sort((a, b) => a - b);
    for (const [i, messageId] of ordered.entries()) {
      if (i > 0) await sleep(pauseMs);
      await forward.mutateAsync({ body: { messageId, contactId, signMessage } });
    }
  };
}
