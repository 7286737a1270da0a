import { isWithinSchedule, type ScheduleEntry } from '@atendo/domain';
import {
  CompanyEntity,
  QueueEntity,
  TicketTrakingEntity,
  type Queue,
} from '../../../db/entities/index.js';
import { platformData } from '../../../db/platform-data.js';
import { isOn, readSettings } from '../../tickets/ticket-settings.js';
import { mediaKindOf } from '../../messages/media-kind.js';
import type { InboundTurn } from '../inbound-turn.js';

/** What the bot steps share: settings, the bot-use budget, the connection's queues, hours. */

/** The company settings the bot steps read (with the platform defaults filled in). */
export const BOT_SETTING_KEYS = [
  'scheduleType',
  'enableLGPD',
  'lgpdMessage',
  'lgpdLink',
  'acceptAudioMessageContact',
  'sendGreetingMessageOneQueues',
  'sendQueuePosition',
  'sendQueuePositionMessage',
  'userRandom',
  'DirectTicketsToWallets',
] as const;
export type BotSettings = Record<(typeof BOT_SETTING_KEYS)[number], string>;

// Settings are read once per turn, however many steps ask.
const settingsOfTurn = new WeakMap<InboundTurn, Promise<BotSettings>>();
export function botSettings(turn: InboundTurn): Promise<BotSettings> {
  let s = settingsOfTurn.get(turn);
  if (!s) {
    s = readSettings(turn.tx, BOT_SETTING_KEYS);
    settingsOfTurn.set(turn, s);
  }
  return s;
}
export { isOn };

/**
 * A queue the ticket entered during this turn (menu pick, single queue, chatbot option):
 * the later steps (schedule check, option tree, queue position) act on the entry only once.
 */
const enteredQueue = new WeakMap<InboundTurn, QueueEntry>();
export interface QueueEntry {
  queueId: number;
  /** Entered because it is the connection's only queue (no choice was made). */
  only: boolean;
}
export const markQueueEntered = (turn: InboundTurn, entry: QueueEntry) =>
  enteredQueue.set(turn, entry);
export const queueEnteredNow = (turn: InboundTurn): QueueEntry | null =>
  enteredQueue.get(turn) ?? null;

/** The customer's text was an answer to a bot question: later menus must not read it again. */
export function consumeText(turn: InboundTurn): void {
  turn.text = '';
}

/** The bot may answer: the ticket waits for an attendant and nobody took it yet. */
export function botMayRun(turn: Pick<InboundTurn, 'ticket' | 'contact'>): boolean {
  const t = turn.ticket;
  return t.status === 'pending' && !t.userId && !turn.contact.disableBot && !t.useIntegration;
}

/** The time of the bot's last counted message on the current service cycle, if any. */
async function lastBotAt(turn: InboundTurn): Promise<{ id: number; at: Date | null } | null> {
  const [row] = await turn.tx.query<{ id: number; chatbotAt: Date | null }>(
    `SELECT id, "chatbotAt" FROM ticket_traking WHERE "companyId" = $1 AND "ticketId" = $2
      ORDER BY id DESC LIMIT 1`,
    [turn.tx.companyId, turn.ticket.id],
  );
  return row ? { id: row.id, at: row.chatbotAt } : null;
}

/**
 * Whether the bot may send one more counted message (menu, out-of-hours notice, re-asks):
 * not after maxUseBotQueues of them (0 = unlimited), and not within timeUseBotQueues minutes
 * of the last one (one notice per burst of customer messages).
 */
export async function botMaySpeak(turn: InboundTurn): Promise<boolean> {
  const { maxUseBotQueues, timeUseBotQueues } = turn.connection;
  const used = turn.ticket.amountUsedBotQueues;
  if (maxUseBotQueues > 0 && used >= maxUseBotQueues) return false;
  if (timeUseBotQueues > 0 && used > 0) {
    const last = await lastBotAt(turn);
    if (last?.at && turn.now.getTime() - new Date(last.at).getTime() < timeUseBotQueues * 60_000)
      return false;
  }
  return true;
}

/** Counts one bot message against the budget and remembers when it was sent. */
export async function countBotUse(turn: InboundTurn): Promise<void> {
  await turn.update({ amountUsedBotQueues: turn.ticket.amountUsedBotQueues + 1 });
  const last = await lastBotAt(turn);
  if (last) await turn.tx.of(TicketTrakingEntity).update({ id: last.id }, { chatbotAt: turn.now });
}

/** The connection's queues in bot-menu order (orderQueue, then id), with their schedules. */
export async function connectionQueues(turn: InboundTurn): Promise<Queue[]> {
  return turn.tx.prepared<Queue>(
    'connection-queues',
    `SELECT q.id, q.name, q."orderQueue", q."greetingMessage", q."outOfHoursMessage",
            q."closeTicket", q."fileListId", q."integrationId", q.schedules
       FROM whatsapp_queues wq JOIN queues q ON q.id = wq."queueId"
      WHERE wq."companyId" = $1 AND wq."whatsappId" = $2
      ORDER BY q."orderQueue" ASC NULLS LAST, q.id ASC`,
    [turn.tx.companyId, turn.connection.id],
  );
}

export function loadQueue(turn: InboundTurn, id: number): Promise<Queue | null> {
  return turn.tx.of(QueueEntity).findOne({ where: { id } });
}

/** The company's own working hours (scheduleType "company"). */
export async function companySchedules(turn: InboundTurn): Promise<ScheduleEntry[]> {
  const company = await platformData(turn.ctx.ds)
    .of(CompanyEntity)
    .findOne({ where: { id: turn.tx.companyId }, select: { id: true, schedules: true } });
  return company?.schedules ?? [];
}

/** True when `schedules` say the turn's moment is inside working hours (company time zone). */
export const isOpenAt = (
  turn: Pick<InboundTurn, 'now' | 'timeZone'>,
  schedules: ScheduleEntry[] | null | undefined,
) => isWithinSchedule(schedules ?? [], turn.now, turn.timeZone);

/**
 * Sends a closed-hours notice within the bot budget (counted); silent beyond it. The ticket
 * keeps waiting either way: the caller stops the turn.
 */
export async function sayOutOfHours(turn: InboundTurn, message: string | null | undefined) {
  if (!(await botMaySpeak(turn))) return;
  if (message?.trim()) await turn.say(message);
  await countBotUse(turn);
}

/**
 * Sends a queue's file list, one media message per file (named by the file's name); a file
 * whose upload has not arrived yet is skipped.
 */
export async function sendFileList(turn: InboundTurn, fileListId: number): Promise<void> {
  const files = await turn.tx.query<{ name: string; path: string; mediaType: string | null }>(
    `SELECT name, path, "mediaType" FROM files_options
      WHERE "companyId" = $1 AND "fileId" = $2 AND path <> '' ORDER BY id`,
    [turn.tx.companyId, fileListId],
  );
  for (const f of files)
    await turn.say(f.name, {
      mediaType: mediaKindOf(f.mediaType),
      mediaUrl: f.path.startsWith('/') ? f.path : `/private/${turn.tx.companyId}/${f.path}`,
    });
}

/** The completion message, then the bot closes the ticket. */
export async function sayGoodbyeAndClose(turn: InboundTurn): Promise<void> {
  const bye = turn.connection.complationMessage;
  if (bye?.trim()) await turn.say(bye);
  await turn.close();
}
