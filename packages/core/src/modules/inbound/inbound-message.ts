import type { InboundMessage } from '@atendo/domain';
import type { Contact, Ticket, Whatsapp } from '../../db/entities/index.js';

/** What an inbound message stores and whether the bot answers it, for its turn and the batch. */

/** Bots answer customers in one-to-one chats (groups as tickets too) unless the contact opted out. */
export function runsBot(contact: Contact, ticket: Ticket, connection: Whatsapp): boolean {
  if (contact.disableBot) return false;
  if (ticket.isGroup) return connection.groupAsTicket === 'enabled';
  return true;
}

/**
 * What an inbound message stores as its body, what its ticket shows as the list preview, and
 * whether it counts as unread.
 */
export function storedText(m: InboundMessage, mediaUrl: string | null) {
  const body = m.body || (m.kind === 'document' && m.media?.fileName ? m.media.fileName : m.body);
  const preview = (m.body || (mediaUrl || m.kind !== 'chat' ? `[${m.kind}]` : '')).slice(0, 255);
  const unread = !m.fromMe && m.kind !== 'reactionMessage';
  return { body, preview, unread };
}

/** The chat's address on its channel, what edits and deletes of our messages are sent to. */
export function remoteJidOf(channel: string, m: InboundMessage): string | null {
  if (channel !== 'whatsapp') return m.contact.platformId ?? m.contact.number ?? null;
  if (m.group) return `${m.group.id}@g.us`;
  if (m.contact.number) return `${m.contact.number}@s.whatsapp.net`;
  return m.contact.lid ? `${m.contact.lid}@lid` : null;
}
