import { CAMPAIGN_SIGNALS, campaignWorkflowId } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';

/**
 * Confirmation signals waiting for their inbound message's transaction to commit, by that
 * message's id: the inbound step runs inside the transaction, and a workflow woken before the
 * commit would read the shipping unconfirmed. `message.created` of that message (published
 * after commit) sends them; a rolled-back turn never publishes it, so its entries are dropped
 * when the map grows past a bound. A lost signal costs a delay only: the workflow also reads
 * the database while it waits.
 */
const pending = new Map<number, { campaignId: number; shippingId: number }[]>();
const MAX_PENDING = 1_000;

export function signalAfterCommit(
  messageId: number,
  shippings: { id: number; campaignId: number }[],
): void {
  if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value!);
  pending.set(
    messageId,
    shippings.map((s) => ({ campaignId: s.campaignId, shippingId: s.id })),
  );
}

/** Sends the signals of a committed inbound message (the `message.created` listener). */
export async function sendCommittedSignals(ctx: AppContext, messageId: number): Promise<void> {
  const signals = pending.get(messageId);
  if (!signals) return;
  pending.delete(messageId);
  for (const s of signals)
    await ctx.processes.signal(campaignWorkflowId(s.campaignId), CAMPAIGN_SIGNALS.confirmed, [
      s.shippingId,
    ]);
}
