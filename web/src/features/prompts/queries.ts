import type { promptView } from '@atendo/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** One row of GET /prompt: a prompt's settings and queue, never its keys. */
export type PromptRow = z.output<typeof promptView>;

/**
 * Cache keys of the prompts feature. Everything sits under `['prompts']`, so invalidating
 * `all` also refreshes the connection modal's picker (`['prompts', 'picker']`).
 */
export const promptKeys = {
  all: ['prompts'] as const,
  pages: () => [...promptKeys.all, 'page'] as const,
  page: (searchParam: string) => [...promptKeys.pages(), searchParam] as const,
  /** The connection modal's prompt picker (features/connections/queries.ts). */
  picker: () => [...promptKeys.all, 'picker'] as const,
  detail: (id: number) => [...promptKeys.all, 'detail', id] as const,
};

/** The prompts page's list, 100 a page by name, loaded page after page as it scrolls. */
export function usePromptsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: promptKeys.page(searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('promptsIndex', { query: { searchParam, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** One prompt as its dialog edits it (whether keys are stored); idle while `id` is null. */
export function usePrompt(id: number | null) {
  return useQuery({
    queryKey: promptKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call('promptsShow', { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
