/**
 * The one seam between the ticket core and the messaging channels: WhatsApp goes through the
 * connection's session process, the Cloud API, Facebook and Instagram through the Graph API
 * (createChannelRegistry picks by channel). The local adapter below only records what it was
 * asked to send: tests read it, and it stands in while the api's context is being built.
 *
 * Idempotency: every send carries our message id. An adapter must treat a second send of
 * the same id as the first one (WhatsApp lets the sender choose the message id; the Graph
 * adapter keeps a short map), so a retry after a lost answer never sends twice.
 */
export interface OutboundSend {
  messageId: number;
  companyId: number;
  ticketId: number;
  whatsappId: number | null;
  channel: string;
  to: { contactId: number; number: string | null; isGroup: boolean };
  body: string;
  mediaType: string | null;
  /** A private upload's file name (under the company's private folder), for media. */
  mediaFile: string | null;
  /** The channel id of the quoted message, for replies. */
  quotedWid: string | null;
}

export interface ChannelAdapter {
  /** Sends one message; resolves with the channel's own id of it. */
  send(m: OutboundSend): Promise<{ wid: string }>;
  edit(m: {
    companyId: number;
    whatsappId: number | null;
    wid: string;
    body: string;
  }): Promise<void>;
  remove(m: { companyId: number; whatsappId: number | null; wid: string }): Promise<void>;
  /**
   * Whether a number has an account on the channel, and its canonical form (WhatsApp may
   * drop or add Brazil's ninth digit). Channels that cannot tell leave it out.
   */
  checkNumber?(m: {
    companyId: number;
    whatsappId: number;
    number: string;
  }): Promise<{ exists: boolean; number: string | null }>;
}

/** The adapter of each channel (whatsapp, whatsappapi, facebook, instagram). */
export interface ChannelRegistry {
  for(channel: string): ChannelAdapter;
}

/** What the local adapter recorded, oldest first. */
export interface RecordedSend extends OutboundSend {
  wid: string;
}

/**
 * Records sends in memory and answers like a channel that accepted them: what tests read to see
 * what reached "the customer".
 */
export class LocalChannelAdapter implements ChannelAdapter {
  readonly sent: RecordedSend[] = [];
  /** The wids in `sent`, so a repeated send is found without scanning every earlier one. */
  private readonly sentWids = new Set<string>();
  readonly edits: { wid: string; body: string }[] = [];
  readonly removed: string[] = [];
  /** Numbers this channel says have no account (tests). */
  readonly unknownNumbers = new Set<string>();
  async send(m: OutboundSend): Promise<{ wid: string }> {
    const wid = `local-${m.companyId}-${m.messageId}`;
    if (!this.sentWids.has(wid)) {
      this.sentWids.add(wid);
      this.sent.push({ ...m, wid });
    }
    return { wid };
  }
  async edit(m: { wid: string; body: string }): Promise<void> {
    this.edits.push({ wid: m.wid, body: m.body });
  }
  async remove(m: { wid: string }): Promise<void> {
    this.removed.push(m.wid);
  }
  async checkNumber(m: { number: string }) {
    const exists = !this.unknownNumbers.has(m.number);
    return { exists, number: exists ? m.number : null };
  }
}

/** Every channel on one adapter. */
export function singleAdapterRegistry(adapter: ChannelAdapter): ChannelRegistry {
  return { for: () => adapter };
}
