import { IsNull } from 'typeorm';
import type { Queue, QueueOption } from '../../../db/entities/index.js';
import { QueueOptionEntity } from '../../../db/entities/index.js';
import type { InboundStep, InboundTurn } from '../inbound-turn.js';
import { handToIntegration } from './integration.js';
import { enterQueue, sayQueueMenu } from './queue-menu.js';
import {
  botMayRun,
  botMaySpeak,
  botSettings,
  connectionQueues,
  consumeText,
  countBotUse,
  isOn,
  loadQueue,
  queueEnteredNow,
  sayGoodbyeAndClose,
  sendFileList,
} from './step-support.js';

export const INVALID_OPTION = 'Opção inválida!';

/** One level of the tree: its greeting, numbered options, back and exit (docs/product/inbound.md#queue-menu-and-option-trees). */
export function optionMenuText(greeting: string | null, options: Pick<QueueOption, 'name'>[]) {
  const lines = options.map((o, i) => `*[ ${i + 1} ]* - ${o.name}`).join('\n');
  const menu = `${lines}\n\n*[ # ]* - Voltar\n*[ Sair ]* - Encerrar atendimento`;
  return greeting?.trim() ? `${greeting}\n\n${menu}` : menu;
}

/** The options under `parentId` (the roots when null), in their order. */
function optionsUnder(turn: InboundTurn, queueId: number, parentId: number | null) {
  return turn.tx.of(QueueOptionEntity).find({
    where: { queueId, parentId: parentId ?? IsNull() },
    order: { order: 'ASC', id: 'ASC' },
  });
}

/** Shows a level of the tree and keeps the ticket in it (`queueOptionId` = its parent). */
async function showLevel(
  turn: InboundTurn,
  greeting: string | null,
  parentId: number | null,
  options: QueueOption[],
) {
  await turn.update({ chatbot: true, queueOptionId: parentId });
  await turn.say(optionMenuText(greeting, options));
}

/**
 * Applies a picked option. An option with children opens its level (a single child is
 * picked at once); a leaf acts by its type: text (its message only), queue (moves the ticket
 * to that queue, waiting), attendent (queue and user, waiting), integration (hands the
 * ticket to it), file (sends the file list); closeTicket then closes the ticket.
 */
async function pick(turn: InboundTurn, option: QueueOption): Promise<'next' | 'stop'> {
  const children = await optionsUnder(turn, option.queueId, option.id);
  if (children.length === 1) {
    if (option.greetingMessage?.trim()) await turn.say(option.greetingMessage);
    await turn.update({ queueOptionId: option.id });
    return pick(turn, children[0]!);
  }
  if (children.length > 1) {
    await showLevel(turn, option.greetingMessage, option.id, children);
    return 'stop';
  }
  if (option.greetingMessage?.trim()) await turn.say(option.greetingMessage);
  let outcome: 'next' | 'stop' = 'stop';
  switch (option.queueType) {
    case 'queue':
      if (option.optQueueId) {
        await enterQueue(turn, option.optQueueId);
        outcome = 'next'; // queue position and random attendant apply to the new queue
      }
      break;
    case 'attendent':
      await turn.update(
        {
          queueId: option.optQueueId ?? turn.ticket.queueId,
          userId: option.optUserId,
          chatbot: false,
          queueOptionId: null,
          status: 'pending',
        },
        'queue',
      );
      break;
    case 'integration':
      // The integration holds the ticket from now on and starts its conversation (after
      // commit, integration.ts); without the plan flag the ticket waits for a human.
      if (option.optIntegrationId)
        await handToIntegration(turn, option.optIntegrationId, { handedOver: true });
      break;
    case 'file':
      if (option.optFileId) await sendFileList(turn, option.optFileId);
      break;
    default: // text: the message only; the customer stays on this level
  }
  if (option.closeTicket) {
    await turn.close();
    return 'stop';
  }
  return outcome;
}

/** A queue just entered: its options, or its greeting, file list and closeTicket. */
async function greetQueue(turn: InboundTurn, queue: Queue, only: boolean) {
  const roots = await optionsUnder(turn, queue.id, null);
  if (roots.length > 1) {
    await showLevel(turn, queue.greetingMessage, null, roots);
    return 'stop';
  }
  const greet = !only || isOn((await botSettings(turn)).sendGreetingMessageOneQueues);
  if (roots.length === 1) {
    if (greet && queue.greetingMessage?.trim()) await turn.say(queue.greetingMessage);
    return pick(turn, roots[0]!);
  }
  if (greet && queue.greetingMessage?.trim()) await turn.say(queue.greetingMessage);
  if (queue.fileListId) await sendFileList(turn, queue.fileListId);
  if (queue.closeTicket) {
    await turn.close();
    return 'stop';
  }
  return 'next';
}

/** '#': one level up; from the roots, back to the connection's queue menu. */
async function back(turn: InboundTurn, queue: Queue) {
  const current = turn.ticket.queueOptionId;
  if (current === null) {
    const queues = await connectionQueues(turn);
    await turn.update({
      queueId: null,
      chatbot: false,
      queueOptionId: null,
      amountUsedBotQueues: 0,
    });
    await sayQueueMenu(turn, queues);
    return;
  }
  const node = await turn.tx.of(QueueOptionEntity).findOne({ where: { id: current } });
  const parentId = node?.parentId ?? null;
  const parent = parentId
    ? await turn.tx.of(QueueOptionEntity).findOne({ where: { id: parentId } })
    : null;
  const siblings = await optionsUnder(turn, queue.id, parentId);
  await showLevel(
    turn,
    parent ? parent.greetingMessage : queue.greetingMessage,
    parentId,
    siblings,
  );
}

/**
 * The chosen queue's option tree (docs/product/queues-and-chatbots.md#queues Chatbot option, docs/product/inbound.md#queue-menu-and-option-trees). On entering a
 * queue: with several options, the queue greeting and the numbered options; with one, it is
 * picked at once; with none, the greeting, file list and closeTicket. Inside the tree: a
 * digit picks an option of the current level, '#' goes back one level, "sair" closes with
 * the completion message, anything else gets "Opção inválida!" and the level again.
 */
export const optionTree: InboundStep = {
  name: 'option-tree',
  // A queue entered earlier in this turn would be greeted: the quiet turn entered none.
  quiet: (f) => !f.ticket.queueId || !botMayRun(f) || !f.ticket.chatbot,
  async run(turn) {
    const entered = queueEnteredNow(turn);
    if (!turn.ticket.queueId || !botMayRun(turn)) return 'next';
    const queue = await loadQueue(turn, turn.ticket.queueId);
    if (!queue) return 'next';
    if (entered?.queueId === queue.id) return greetQueue(turn, queue, entered.only);
    if (!turn.ticket.chatbot) return 'next';

    const text = turn.text;
    consumeText(turn);
    if (text.toLowerCase() === 'sair') {
      await sayGoodbyeAndClose(turn);
      return 'stop';
    }
    if (text === '#') {
      await back(turn, queue);
      return 'stop';
    }
    const level = await optionsUnder(turn, queue.id, turn.ticket.queueOptionId);
    const chosen = /^\d+$/.test(text) ? level[Number(text) - 1] : undefined;
    if (chosen) return pick(turn, chosen);
    if (await botMaySpeak(turn)) {
      await turn.say(INVALID_OPTION);
      const parent = turn.ticket.queueOptionId
        ? await turn.tx.of(QueueOptionEntity).findOne({ where: { id: turn.ticket.queueOptionId } })
        : null;
      await turn.say(
        optionMenuText(parent ? parent.greetingMessage : queue.greetingMessage, level),
      );
      await countBotUse(turn);
    }
    return 'stop';
  },
};
