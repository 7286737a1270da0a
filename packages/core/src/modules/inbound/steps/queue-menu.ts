import type { Queue } from '../../../db/entities/index.js';
import { mediaKindOf } from '../../messages/media-kind.js';
import { mimeOfStoredFile } from '../../uploads/sniff-file-type.js';
import { logTicket } from '../../tickets/ticket-history.js';
import type { InboundStep, InboundTurn } from '../inbound-turn.js';
import {
  botMayRun,
  botMaySpeak,
  connectionQueues,
  consumeText,
  countBotUse,
  markQueueEntered,
  sayGoodbyeAndClose,
} from './step-support.js';

/** The menu's queue lines and exit line (docs/product/inbound.md#queue-menu-and-option-trees; the lineage's wording). */
export function queueMenuText(greeting: string | null, queues: Pick<Queue, 'name'>[]): string {
  const lines = queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join('\n');
  const menu = `${lines}\n\n*[ Sair ]* - Encerrar atendimento`;
  return greeting?.trim() ? `${greeting}\n\n${menu}` : menu;
}

/**
 * Sends the queue menu; with the connection's greeting media, as that media's caption
 * (one message, as the lineage sends it).
 */
export async function sayQueueMenu(turn: InboundTurn, queues: Pick<Queue, 'name'>[]) {
  const body = queueMenuText(turn.connection.greetingMessage, queues);
  const media = turn.connection.greetingMediaAttachment;
  if (!media) return turn.say(body);
  await turn.say(body, {
    mediaType: mediaKindOf(mimeOfStoredFile(media)),
    mediaUrl: `/private/${turn.tx.companyId}/${media}`,
  });
}

/** Puts the ticket in a queue: `queue` log, bot counter reset; later steps greet and route. */
export async function enterQueue(turn: InboundTurn, queueId: number, only = false): Promise<void> {
  await turn.update(
    { queueId, amountUsedBotQueues: 0, chatbot: false, queueOptionId: null },
    'queue',
  );
  markQueueEntered(turn, { queueId, only });
}

/**
 * The queue menu (docs/product/inbound.md#queue-menu-and-option-trees) for a waiting ticket without a queue on a connection with
 * queues. One queue: the ticket enters it. Several: a digit picks queue n, "sair" closes with
 * the completion message, anything else (the first message too) gets the greeting and the
 * numbered queues, counted against maxUseBotQueues / timeUseBotQueues and silent beyond.
 */
export const queueMenu: InboundStep = {
  name: 'queue-menu',
  quiet: (f) => !!f.ticket.queueId || !botMayRun(f) || f.connectionQueues === 0,
  async run(turn) {
    if (turn.ticket.queueId || !botMayRun(turn)) return 'next';
    const queues = await connectionQueues(turn);
    if (queues.length === 0) return 'next';
    if (queues.length === 1) {
      await enterQueue(turn, queues[0]!.id, true);
      return 'next';
    }
    const text = turn.text;
    if (text.toLowerCase() === 'sair') {
      await sayGoodbyeAndClose(turn);
      return 'stop';
    }
    const pick = /^\d+$/.test(text) ? queues[Number(text) - 1] : undefined;
    if (pick) {
      consumeText(turn);
      await enterQueue(turn, pick.id);
      return 'next';
    }
    if (await botMaySpeak(turn)) {
      await sayQueueMenu(turn, queues);
      await countBotUse(turn);
      await logTicket(turn.tx, { ticketId: turn.ticket.id, type: 'chatBot' });
    }
    return 'stop';
  },
};
