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
  /**
   * The contact. `lid` (WhatsApp's id of a person, digits): what WhatsApp sends to when no
   * number is known for the contact.
   */
  to: { contactId: number; number: string | null; isGroup: boolean; lid?: string | null };
  body: string;
  mediaType: string | null;
  /** A private upload's file name (under the company's private folder), for media. */
  mediaFile: string | null;
  /** The channel id of the quoted message, for replies. */
  quotedWid: string | null;
  /**
   * The quoted message as WhatsApp shows the quote: who wrote it and what it said (its stored
   * channel payload when kept, else its text).
   */
  quoted?: {
    fromMe: boolean;
    body: string;
    /** In groups, the author's jid. */
    participant: string | null;
    /** The channel's own content of the quoted message (BufferJSON), when stored. */
    content: unknown;
  } | null;
}

/** At most this many numbers go in one `checkNumbers` call (the session's limit). */
export const CHECK_NUMBERS_MAX = 50;

/** One number's answer from `checkNumbers`. */
export interface NumberCheck {
  /** The number as asked. */
  input: string;
  exists: boolean;
  /** Its canonical form on the channel (may differ from `input`); null when unknown or absent. */
  number: string | null;
  /** Its WhatsApp LID, when asked for and known. */
  lid: string | null;
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
  /**
   * checkNumber for up to CHECK_NUMBERS_MAX numbers in one call to the channel (WhatsApp
   * answers them in one query, where one query per number gets accounts banned); one answer
   * per number, in order. `lids` (default true) also looks up each existing number's LID: on
   * the session a cache miss costs one more query per number, so ask only when you keep it.
   * The caller paces the calls.
   */
  checkNumbers?(m: {
    companyId: number;
    whatsappId: number;
    numbers: string[];
    lids?: boolean;
  }): Promise<NumberCheck[]>;
  /**
   * The people of the connected phone's address book (WhatsApp sessions): number and the
   * name saved on the phone (else the one they set). Channels without one leave it out.
   */
  phoneContacts?(m: {
    companyId: number;
    whatsappId: number;
  }): Promise<{ number: string; name: string | null }[]>;
  /** A number's profile picture URL on the channel (null: none, hidden or unknown). */
  profilePicture?(m: {
    companyId: number;
    whatsappId: number;
    number: string;
  }): Promise<string | null>;
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
  /** The address book this "phone" has (tests fill it). */
  readonly addressBook: { number: string; name: string | null }[] = [];
  /** Profile pictures by number (tests fill it). */
  readonly pictures = new Map<string, string>();
  async phoneContacts() {
    return [...this.addressBook];
  }
  async profilePicture(m: { number: string }) {
    return this.pictures.get(m.number) ?? null;
  }
  async checkNumber(m: { number: string }) {
    const exists = !this.unknownNumbers.has(m.number);
    return { exists, number: exists ? m.number : null };
  }
  /** checkNumber of each number (tests that override checkNumber see every number). */
  async checkNumbers(m: { numbers: string[] }): Promise<NumberCheck[]> {
    const out: NumberCheck[] = [];
    for (const input of m.numbers)
      out.push({ input, ...(await this.checkNumber({ number: input })), lid: null });
    return out;
  }
}

/** Every channel on one adapter. */
export function singleAdapterRegistry(adapter: ChannelAdapter): ChannelRegistry {
  return { for: () => adapter };
}
