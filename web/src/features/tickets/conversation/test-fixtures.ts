import type { ChatMessageView, TicketView } from '@atendo/domain';

/** A ticket as GET /tickets/u/:uuid answers it (tests only). */
export function ticketFixture(overrides: Partial<TicketView> = {}): TicketView {
  return {
    id: 41,
    uuid: '6f1d2c3b-9a8e-4f70-8a1b-2c3d4e5f6a7b',
    status: 'open',
    channel: 'whatsapp',
    companyId: 2,
    contactId: 5,
    contact: { id: 5, name: 'Maria Souza', number: '5511987654321', lgpdAcceptedAt: null },
    userId: 7,
    user: { id: 7, name: 'Ana Admin' },
    queueId: 3,
    queue: { id: 3, name: 'Suporte', color: '#0000FF' },
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Principal' },
    tags: [],
    lastMessage: null,
    unreadMessages: 0,
    isGroup: false,
    isBot: false,
    isTransfered: false,
    useIntegration: false,
    lgpdAccepted: true,
    createdAt: '2026-01-10T12:00:00Z',
    updatedAt: '2026-01-10T12:00:00Z',
    ...overrides,
  } as TicketView;
}

/** A message of the conversation (tests only). */
export function messageFixture(overrides: Partial<ChatMessageView> = {}): ChatMessageView {
  return {
    id: 100,
    body: 'Olá',
    fromMe: true,
    read: true,
    ack: 1,
    mediaType: 'chat',
    mediaUrl: null,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    isPrivate: false,
    isScheduled: false,
    ticketId: 41,
    contactId: 5,
    contact: { id: 5, name: 'Maria Souza' },
    queueId: 3,
    createdAt: '2026-01-10T12:05:00Z',
    updatedAt: '2026-01-10T12:05:00Z',
    ...overrides,
  } as ChatMessageView;
}
