import type { fileListView } from '@atendo/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** One row of GET /files: a file list's id, name and message. */
export type FileListRow = z.output<typeof fileListView>;

/**
 * Cache keys of the file lists feature. Everything sits under `['files']`, so invalidating
 * `all` also refreshes the queue dialog's picker (`['files', 'picker']`).
 */
export const fileListKeys = {
  all: ['files'] as const,
  pages: () => [...fileListKeys.all, 'page'] as const,
  page: (searchParam: string) => [...fileListKeys.pages(), searchParam] as const,
  /** The queue dialog's file list picker (features/queues/queries.ts). */
  picker: () => [...fileListKeys.all, 'picker'] as const,
  detail: (id: number) => [...fileListKeys.all, 'detail', id] as const,
};

/** The file lists page's list, 100 a page by name, loaded page after page as it scrolls. */
export function useFileListsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: fileListKeys.page(searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('filesIndex', { query: { searchParam, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** One file list with its files (the dialog's edit mode); idle while `id` is null. */
export function useFileList(id: number | null) {
  return useQuery({
    queryKey: fileListKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call('filesShow', { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}
