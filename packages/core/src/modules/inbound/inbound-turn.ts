import type { InboundMessage, ScheduleEntry } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Contact, Ticket, Whatsapp } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import type { Change } from '../tickets/ticket-change.js';
import type { TicketLogType } from '../tickets/ticket-history.js';

/**
 * One inbound customer message on its way through the pipeline: the core (receive-inbound.ts)
 * has found or created the contact and the ticket, stored the message and locked the ticket
 * row; each step of `steps/index.ts` then reads it and may answer, move or close the ticket.
 * Everything happens in one transaction (`tx`); what the steps say is sent after it commits.
 */
export interface InboundTurn {
  ctx: AppContext;
  /** The company's data inside the turn's transaction. */
  tx: TenantData;
  /** The connection the message came in on (the whole row). */
  connection: Whatsapp;
  contact: Contact;
  /** The ticket, locked for this turn; `update` keeps it in step with the row. */
  ticket: Ticket;
  /** True when this message created the ticket. */
  isNewTicket: boolean;
  /** The event as the channel mapped it. */
  message: InboundMessage;
  /** The stored inbound message's id. */
  messageId: number;
  /** The message's text, trimmed (what menus compare). */
  text: string;
  /** The company's IANA time zone (business hours, greetings). */
  timeZone: string;
  /** The turn's clock (tests may pass one); every time rule reads it. */
  now: Date;
  /** What happens after commit: moved tickets are pushed, stored messages sent. */
  change: Change;
  /** Stores a bot message (rendered with the ticket's variables) on the ticket; sent after commit. */
  say(body: string, o?: { mediaType?: string; mediaUrl?: string | null }): Promise<void>;
  /** Updates the ticket row (and `ticket`), pushing the move to the lists after commit. */
  update(patch: Partial<Ticket>, log?: TicketLogType): Promise<void>;
  /** Closes the ticket as the bot: status closed, `closed` log, tracking closed. No farewell. */
  close(): Promise<void>;
}

/** What a step decides: let the next steps run, or end the turn here. */
export type StepOutcome = 'next' | 'stop';

/**
 * What is known of a customer's message on a chat that already has its active ticket, or of
 * a conversation's first message with the `pending` ticket it would open (`isNewTicket`, the
 * ticket as created: no queue, no user), read for a whole batch of messages at once
 * (inbound-batch.ts), before any step runs: enough for each step to tell, without the
 * database, that it would do nothing.
 */
export interface TurnFacts {
  connection: Whatsapp;
  contact: Contact;
  ticket: Ticket;
  isNewTicket: boolean;
  message: InboundMessage;
  /** The message's text, trimmed. */
  text: string;
  timeZone: string;
  now: Date;
  /** The company settings the steps read (BOT_SETTING_KEYS, defaults filled in). */
  settings: Record<string, string>;
  /** How many queues the connection offers. */
  connectionQueues: number;
  /** A running campaign waits for this number's confirmation. */
  campaignWaits: boolean;
  /** The company's own working hours. */
  companySchedules: ScheduleEntry[];
  /** The working hours of the ticket's queue (null: no queue). */
  queueSchedules: ScheduleEntry[] | null;
  /** The AI prompt of the ticket's queue (null: no queue, or a queue without one). */
  queuePromptId: number | null;
}

/** One rule of the pipeline (docs/product/inbound.md#pipeline-steps, B), a small separately tested unit. */
export interface InboundStep {
  name: string;
  run(turn: InboundTurn): Promise<StepOutcome>;
  /**
   * True only when `run` would surely answer 'next' and change nothing for a turn with these
   * facts, no queue having been entered earlier in the turn. A message all steps are quiet
   * for takes the batch path (stored with others in one transaction, no turn opened); when
   * in doubt a step answers false and the message takes the full turn.
   */
  quiet(f: TurnFacts): boolean;
}
