import { campaignSettingsFromRows } from '@atendo/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the campaigns feature. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  pages: () => [...campaignKeys.all, 'page'] as const,
  page: (searchParam: string) => [...campaignKeys.pages(), searchParam] as const,
  detail: (id: number) => [...campaignKeys.all, 'detail', id] as const,
  settings: () => [...campaignKeys.all, 'settings'] as const,
};

/** The campaigns page's list, 20 a page, loaded page after page as it scrolls. */
export function useCampaignsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: campaignKeys.page(searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('campaignsIndex', { query: { searchParam, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/**
 * One campaign with its report counters. While it runs, it is read again every few seconds
 * as well, so the report moves even if a live event is missed.
 */
export function useCampaign(id: number | null, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: campaignKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call('campaignsShow', { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      options.poll && query.state.data?.status === 'EM_ANDAMENTO' ? POLL_MS : false,
  });
}

/** How often a running campaign's report is read again besides its live events. */
export const POLL_MS = 5000;

/** The company's campaign settings as one typed object (defaults where unsaved). */
export function useCampaignSettings(enabled = true) {
  return useQuery({
    queryKey: campaignKeys.settings(),
    queryFn: ({ signal }) => api.call('campaignSettingsIndex', { signal }),
    select: campaignSettingsFromRows,
    enabled,
  });
}

/** What the campaign dialog picks from: contact lists, tags, connections and queues. */
export function useCampaignLookups(enabled: boolean) {
  const contactLists = useQuery({
    queryKey: ['contactLists', 'list', 'picker'] as const,
    queryFn: ({ signal }) => api.call('contactListsList', { signal }),
    enabled,
  });
  const tags = useQuery({
    queryKey: ['tags', 'list', 'campaign'] as const,
    queryFn: ({ signal }) => api.call('tagsList', { query: { kanban: 0 }, signal }),
    enabled,
  });
  const connections = useQuery({
    queryKey: ['connections', 'list', 'all'] as const,
    queryFn: ({ signal }) => api.call('whatsappIndex', { signal }),
    enabled,
  });
  const queues = useQuery({
    queryKey: ['queues', 'list', 'options'] as const,
    queryFn: ({ signal }) => api.call('queuesIndex', { signal }),
    enabled,
  });
  const named = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map(({ id, name }) => ({ id, name }));
  return {
    contactLists: named(contactLists.data),
    tags: named(tags.data),
    connections: named(connections.data),
    queues: named(queues.data),
  };
}

/** Users whose name matches `term`, asked only from the 3rd typed character (docs/product/campaigns.md#validation). */
export function useUserSearch(term: string) {
  const searchParam = term.trim();
  return useQuery({
    queryKey: ['users', 'campaign-search', searchParam] as const,
    queryFn: ({ signal }) =>
      api.call('usersIndex', { query: { searchParam, pageNumber: 1 }, signal }),
    select: (data) => data.users,
    enabled: searchParam.length >= USER_SEARCH_MIN,
  });
}

/** Characters typed before the user search asks the api. */
export const USER_SEARCH_MIN = 3;
