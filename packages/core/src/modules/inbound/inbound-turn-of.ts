import { TicketEntity, type Ticket } from '../../db/entities/index.js';
import { storeOutboundMessage } from '../messages/post-message.js';
import { renderForTicket } from '../tickets/ticket-change.js';
import { closeTicketRow } from '../tickets/close-ticket-row.js';
import { logTicket } from '../tickets/ticket-history.js';
import type { InboundTurn } from './inbound-turn.js';

type TurnBase = Omit<InboundTurn, 'text' | 'say' | 'update' | 'close'>;

/**
 * The turn the steps read and act through. The turn's ticket is already listed in
 * `change.moved` by the core with its place before the turn, so moving it here only changes
 * the row: the core pushes it once after commit if its place changed.
 */
export function openTurn(base: TurnBase): InboundTurn {
  const turn: InboundTurn = {
    ...base,
    text: base.message.body.trim(),
    async say(body, o = {}) {
      const text = body ? await renderForTicket(turn.ctx, turn.tx, turn.ticket, body) : '';
      if (!text.trim() && !o.mediaUrl) return;
      const stored = await storeOutboundMessage(turn.tx, turn.ticket, {
        body: text,
        mediaType: o.mediaType ?? null,
        mediaUrl: o.mediaUrl ?? null,
      });
      turn.change.stored.push({ ...stored, ticketId: turn.ticket.id });
    },
    async update(patch: Partial<Ticket>, log) {
      await turn.tx
        .of(TicketEntity)
        .update({ id: turn.ticket.id }, { ...patch, updatedAt: new Date() });
      Object.assign(turn.ticket, patch);
      if (log)
        await logTicket(turn.tx, {
          ticketId: turn.ticket.id,
          type: log,
          userId: turn.ticket.userId,
          queueId: turn.ticket.queueId,
        });
    },
    close: () => closeTicketRow(turn.tx, turn.ticket),
  };
  return turn;
}
