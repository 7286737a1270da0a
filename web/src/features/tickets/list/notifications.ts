import type { TicketView } from '@atendo/domain';
import type { ListViewer } from './live-updates';

/** The page title's unread counter (docs/product/tickets.md#limits-and-constants): ① … ⑳ for 1 to 20, '(n)' above, none at 0. */
export function titleCounter(unread: number): string {
  if (!Number.isFinite(unread) || unread < 1) return '';
  if (unread <= 20) return String.fromCodePoint(0x2460 + Math.floor(unread) - 1);
  return `(${Math.floor(unread)})`;
}

/** The page title with the counter in front of the base title. */
export const titleWithCounter = (base: string, unread: number) => {
  const counter = titleCounter(unread);
  return counter ? `${counter} ${base}` : base;
};

/** An appMessage create push, as the notification rule reads it. */
export interface MessagePush {
  message: { fromMe: boolean; read: boolean };
  ticket: Pick<TicketView, 'id' | 'status' | 'userId' | 'queueId'>;
}

/**
 * Whether a new message rings (docs/product/tickets.md#status-transitions): not from me, unread, on a ticket owned by me or by
 * nobody, in my queues (a ticket without a queue only for allTicket users or admins), open or
 * group — pending ones only with the company's showNotificationPending.
 */
export function shouldNotify(
  push: MessagePush,
  viewer: ListViewer,
  showNotificationPending: boolean,
): boolean {
  const { message, ticket } = push;
  if (message.fromMe || message.read) return false;
  if (ticket.userId !== null && ticket.userId !== viewer.id) return false;
  const inQueue =
    ticket.queueId === null
      ? viewer.admin || viewer.allTicket === 'enable'
      : viewer.queueIds.includes(ticket.queueId);
  if (!inQueue) return false;
  if (ticket.status === 'pending') return showNotificationPending;
  return ticket.status === 'open' || ticket.status === 'group';
}

type AudioContextClass = typeof AudioContext;

/**
 * A short two-tone beep through WebAudio at `volume` (0 to 1), so no sound file ships. Silent
 * where the browser has no WebAudio or has not allowed sound yet.
 */
export function playNotificationBeep(volume: number): void {
  if (volume <= 0) return;
  const Ctor =
    (globalThis as { AudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return;
  try {
    const context = new Ctor();
    const gain = context.createGain();
    gain.connect(context.destination);
    const start = context.currentTime;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0001, 0.4 * volume), start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    for (const [frequency, at] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const tone = context.createOscillator();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(start + at);
      tone.stop(start + at + 0.2);
    }
    setTimeout(() => void context.close().catch(() => {}), 600);
  } catch {
    // Autoplay refused before any user gesture: the title counter still tells.
  }
}
