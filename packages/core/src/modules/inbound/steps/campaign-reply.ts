import { isCampaignOptOut } from '@atendo/domain';
import { answerCampaignReply } from '../../campaign-delivery/answer-campaign-reply.js';
import { signalAfterCommit } from '../../campaign-delivery/reply-signals.js';
import type { InboundStep } from '../inbound-turn.js';

/**
 * A reply to a campaign (docs/product/campaigns.md#delivery), before any bot: an opt-out word after a campaign
 * message opts the contact out of campaigns, and any message from a number whose confirmation
 * request is unanswered confirms it (its workflow is signalled once the turn commits and sends
 * the campaign's message). Either way the reply was for the campaign, so no bot answers it.
 */
export const campaignReply: InboundStep = {
  name: 'campaign-reply',
  quiet: (f) =>
    f.contact.isGroup || !f.contact.number || (!isCampaignOptOut(f.text) && !f.campaignWaits),
  async run(turn) {
    const number = turn.contact.number;
    if (turn.contact.isGroup || !number) return 'next';
    const reply = await answerCampaignReply(turn.tx, {
      contactId: turn.contact.id,
      number,
      text: turn.text,
      now: turn.now,
    });
    if (reply.kind === 'none') return 'next';
    if (reply.kind === 'confirmed') signalAfterCommit(turn.messageId, reply.shippings);
    return 'stop';
  },
};
