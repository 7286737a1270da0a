import type { FileListDetailView } from '@atendo/domain';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySocketEvent } from '@/lib/realtime/socket-cache';
import { fileListKeys, type FileListRow } from './queries';
import { fileListSocketBinding } from './realtime';

type Page = { files: FileListRow[]; count?: number; hasMore: boolean };

const detail = (overrides: Partial<FileListDetailView>): FileListDetailView => ({
  id: 1,
  name: 'Catálogo',
  message: 'Segue o catálogo',
  userId: 7,
  options: [],
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const page: InfiniteData<Page> = {
    pages: [
      {
        files: [
          { id: 1, name: 'Catálogo', message: 'Segue o catálogo' },
          { id: 2, name: 'Preços', message: 'Nossos preços' },
        ],
        count: 2,
        hasMore: false,
      },
    ],
    pageParams: [1],
  };
  client.setQueryData(fileListKeys.page(''), page);
  client.setQueryData(fileListKeys.picker(), [{ id: 1, name: 'Catálogo' }]);
  return { client, context: { client, companyId: 2, userId: 7 } };
}

const rows = (client: QueryClient) =>
  client.getQueryData<InfiniteData<Page>>(fileListKeys.page(''))!.pages[0]!.files;
const invalid = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('fileListSocketBinding', () => {
  it('patches the message of a loaded list and sets its detail, refetching the picker', () => {
    const { client, context } = setup();
    applySocketEvent(
      fileListSocketBinding,
      { action: 'update', files: detail({ message: 'Novo catálogo' }) },
      context,
    );
    expect(rows(client)[0]).toEqual({ id: 1, name: 'Catálogo', message: 'Novo catálogo' });
    expect(client.getQueryData(fileListKeys.detail(1))).toMatchObject({
      message: 'Novo catálogo',
    });
    expect(invalid(client, fileListKeys.page(''))).toBe(false);
    expect(invalid(client, fileListKeys.picker())).toBe(true);
  });

  it('drops a deleted list and refetches the pages on a create or a rename', () => {
    const { client, context } = setup();
    applySocketEvent(fileListSocketBinding, { action: 'delete', fileId: 2 }, context);
    expect(rows(client).map((r) => r.id)).toEqual([1]);
    expect(invalid(client, fileListKeys.page(''))).toBe(false);

    applySocketEvent(
      fileListSocketBinding,
      { action: 'update', files: detail({ name: 'Catálogo 2025' }) },
      context,
    );
    expect(invalid(client, fileListKeys.page(''))).toBe(true);
  });
});
