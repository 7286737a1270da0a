import type { QueueIntegrationDetailView } from '@atendo/domain';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySocketEvent } from '@/lib/realtime/socket-cache';
import { queueIntegrationKeys, type QueueIntegrationRow } from './queries';
import { queueIntegrationSocketBinding } from './realtime';

type Page = { queueIntegrations: QueueIntegrationRow[]; count?: number; hasMore: boolean };

const detail = (overrides: Partial<QueueIntegrationDetailView>): QueueIntegrationDetailView => ({
  id: 1,
  type: 'n8n',
  name: 'Automação',
  projectName: null,
  language: null,
  urlN8N: 'https://n8n.example.com/a',
  typebotSlug: null,
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: null,
  typebotKeywordRestart: null,
  typebotUnknownMessage: null,
  typebotRestartMessage: null,
  hasJsonContent: false,
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

const row = (id: number, name: string, urlN8N: string): QueueIntegrationRow => ({
  id,
  name,
  type: 'n8n',
  projectName: null,
  language: null,
  urlN8N,
  typebotSlug: null,
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const page: InfiniteData<Page> = {
    pages: [
      {
        queueIntegrations: [
          row(1, 'Automação', 'https://n8n.example.com/a'),
          row(2, 'Webhook', 'https://hooks.example.com'),
        ],
        count: 2,
        hasMore: false,
      },
    ],
    pageParams: [1],
  };
  client.setQueryData(queueIntegrationKeys.page(''), page);
  // The queue dialog's and connection modal's picker (their own key, shared).
  client.setQueryData(['queueIntegrations', 'picker'], { queueIntegrations: [], hasMore: false });
  return { client, context: { client, companyId: 2, userId: 7 } };
}

const rows = (client: QueryClient) =>
  client.getQueryData<InfiniteData<Page>>(queueIntegrationKeys.page(''))!.pages[0]!
    .queueIntegrations;
const invalid = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('queueIntegrationSocketBinding', () => {
  it('patches a loaded integration and sets its detail, refetching the pickers', () => {
    const { client, context } = setup();
    applySocketEvent(
      queueIntegrationSocketBinding,
      { action: 'update', queueIntegration: detail({ urlN8N: 'https://n8n.example.com/b' }) },
      context,
    );
    expect(rows(client)[0]).toEqual(row(1, 'Automação', 'https://n8n.example.com/b'));
    expect(client.getQueryData(queueIntegrationKeys.detail(1))).toMatchObject({
      urlN8N: 'https://n8n.example.com/b',
    });
    expect(invalid(client, queueIntegrationKeys.page(''))).toBe(false);
    expect(invalid(client, ['queueIntegrations', 'picker'])).toBe(true);
  });

  it('drops a deleted integration and refetches the pages on a create or a rename', () => {
    const { client, context } = setup();
    applySocketEvent(
      queueIntegrationSocketBinding,
      { action: 'delete', integrationId: 2 },
      context,
    );
    expect(rows(client).map((r) => r.id)).toEqual([1]);
    expect(invalid(client, queueIntegrationKeys.page(''))).toBe(false);
    expect(invalid(client, ['queueIntegrations', 'picker'])).toBe(true);

    applySocketEvent(
      queueIntegrationSocketBinding,
      { action: 'update', queueIntegration: detail({ name: 'Automação 2' }) },
      context,
    );
    expect(invalid(client, queueIntegrationKeys.page(''))).toBe(true);
  });
});
