import type { InboundStep } from '../inbound-turn.js';
import { aiPrompt, queuePrompt } from './ai-prompt.js';
import { audioRefusal } from './audio-refusal.js';
import { campaignReply } from './campaign-reply.js';
import { collectiveVacation } from './collective-vacation.js';
import { connectionIntegration, queueIntegration, ticketIntegration } from './integration.js';
import { lgpdConsent } from './lgpd-consent.js';
import { npsAnswer } from './nps-answer.js';
import { optionTree } from './option-tree.js';
import { outOfHours } from './out-of-hours.js';
import { queueMenu } from './queue-menu.js';
import { queuePosition } from './queue-position.js';
import { queueSchedule } from './queue-schedule.js';
import { userRandom } from './user-random.js';
import { wallet } from './wallet.js';

/**
 * The inbound pipeline's steps, in the order they run (docs/product/inbound.md#pipeline-steps and B). Each one is
 * a file of this folder; a step returning 'stop' ends the turn.
 *
 * 0. campaign-reply       a campaign's opt-out word or confirmation answer: recorded, stop
 * 1. collective-vacation  inside the connection's vacation dates: its message, stop
 * 2. nps-answer           ticket in `nps`: store a 0–10 rating and close, or re-ask
 * 3. lgpd-consent         ticket in `lgpd`: ask consent; 1 accepts and goes on, 2 closes
 * 4. wallet               DirectTicketsToWallets: a returning customer's new ticket opens with
 *                         their last attendant (and queue), no bot
 * 5. out-of-hours         closed by scheduleType (company, connection, ticket's queue): notice, stop
 * 6. ticket-integration  the integration holding the ticket (Typebot, n8n, webhook, Dialogflow)
 *                         answers (enqueued, outside the turn): stop
 * 7. ai-prompt            the ticket's, its queue's or (no queue) the connection's AI prompt
 *                         answers (enqueued, outside the turn): stop
 * 8. connection-integration  no queue, never held by an integration: the connection's takes it
 * 9. queue-menu           no queue yet: one queue is entered, several get the numbered menu
 * 10. audio-refusal       audio the contact/company does not accept: the refusal text
 * 11. queue-schedule      a queue entered now but out of its hours: its notice, stop
 * 12. queue-prompt        a queue entered now has an AI prompt: it answers, stop
 * 13. queue-integration   a queue entered now has an integration: it takes the ticket, stop
 * 14. option-tree         the queue's greeting and chatbot options; picks, '#' back, 'sair'
 *                         (an option of type integration hands the ticket to it)
 * 15. queue-position      sendQueuePosition: the ticket's place in its new queue
 * 16. user-random         userRandom: a random (online first) member of the new queue
 */
export const INBOUND_STEPS: readonly InboundStep[] = [
  campaignReply,
  collectiveVacation,
  npsAnswer,
  lgpdConsent,
  wallet,
  outOfHours,
  ticketIntegration,
  aiPrompt,
  connectionIntegration,
  queueMenu,
  audioRefusal,
  queueSchedule,
  queuePrompt,
  queueIntegration,
  optionTree,
  queuePosition,
  userRandom,
];
