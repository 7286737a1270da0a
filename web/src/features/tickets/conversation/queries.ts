import type { ChatMessageView, TicketView } from '@atendo/domain';
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the conversation side. */
export const chatKeys = {
  all: ['chat'] as const,
  ticket: (uuid: string) => [...chatKeys.all, 'ticket', uuid] as const,
  messages: (uuid: string) => [...chatKeys.all, 'messages', uuid] as const,
  companySettings: (companyId: number) => [...chatKeys.all, 'companySettings', companyId] as const,
  quickMessages: (userId: number) => [...chatKeys.all, 'quickMessages', userId] as const,
  notes: (ticketId: number) => [...chatKeys.all, 'notes', ticketId] as const,
  gallery: (contactId: number, type: GalleryType) =>
    [...chatKeys.all, 'gallery', contactId, type] as const,
  kanbanTags: () => [...chatKeys.all, 'kanbanTags'] as const,
  contact: (id: number) => [...chatKeys.all, 'contact', id] as const,
  logs: (uuid: string) => [...chatKeys.all, 'logs', uuid] as const,
};

export type GalleryType = 'images' | 'videos' | 'documents' | 'links';

/** One page of GET /messages/:ticketId. */
export interface MessagesPage {
  messages: ChatMessageView[];
  ticket: TicketView;
  count: number;
  hasMore: boolean;
}
export type MessagesData = InfiniteData<MessagesPage, unknown>;

/** The open ticket, by its uuid (the URL carries it). */
export function useTicket(uuid: string) {
  return useQuery({
    queryKey: chatKeys.ticket(uuid),
    queryFn: ({ signal }) => api.call('ticketsShowUuid', { params: { ticketId: uuid }, signal }),
  });
}

/** The conversation, newest page first; older pages load as the list scrolls up. */
export function useMessages(uuid: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(uuid),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('messagesIndex', {
        params: { ticketId: uuid },
        query: { pageNumber: pageParam },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Every loaded message, oldest first (pages arrive newest first, each oldest first). */
export function flattenMessages(data: MessagesData | undefined): ChatMessageView[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((p) => p.messages);
}

/** The company's settings as one object (enableLGPD, sendSignMessage, requiredTag…). */
export function useCompanySettings(companyId: number) {
  return useQuery({
    queryKey: chatKeys.companySettings(companyId),
    queryFn: async ({ signal }) => {
      const list = await api.call('settingsIndex', { signal });
      return Object.fromEntries(list.map((s) => [s.key, s.value])) as Record<string, string | null>;
    },
    staleTime: 60_000,
  });
}

/** The quick replies this user may use in the composer. */
export function useQuickMessages(companyId: number, userId: number) {
  return useQuery({
    queryKey: chatKeys.quickMessages(userId),
    queryFn: ({ signal }) =>
      api.call('quickMessagesList', { query: { companyId, userId }, signal }),
    staleTime: 60_000,
  });
}

/** The company's kanban lanes (the ticket's stage picker). */
export function useKanbanTags() {
  return useQuery({
    queryKey: chatKeys.kanbanTags(),
    queryFn: ({ signal }) => api.call('tagsList', { query: { kanban: 1 }, signal }),
    staleTime: 60_000,
  });
}
