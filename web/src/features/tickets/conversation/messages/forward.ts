import { api } from '@/lib/api';

/** Pause between two forwarded messages (docs/product/tickets.md#limits-and-constants). */
export const FORWARD_PAUSE_MS = 900;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Forwards the messages one after another, oldest first, with a pause between them so they
 * arrive in order and the channel is not flooded.
 */
export async function forwardMessages(
  messageIds: number[],
  contactId: number,
  signMessage: boolean,
  pauseMs = FORWARD_PAUSE_MS,
): Promise<void> {
  const ordered = [...messageIds].sort((a, b) => a - b);
  for (const [i, messageId] of ordered.entries()) {
    if (i > 0) await sleep(pauseMs);
    await api.call('messagesForward', { body: { messageId, contactId, signMessage } });
  }
}
