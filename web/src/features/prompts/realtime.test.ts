import type { PromptDetailView } from '@atendo/domain';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySocketEvent } from '@/lib/realtime/socket-cache';
import { promptKeys, type PromptRow } from './queries';
import { promptSocketBinding } from './realtime';

type Page = { prompts: PromptRow[]; count?: number; hasMore: boolean };

const detail = (overrides: Partial<PromptDetailView>): PromptDetailView => ({
  id: 1,
  name: 'Assistente de vendas',
  prompt: 'Você é o assistente de vendas da loja. Responda com educação e clareza.',
  voice: 'texto',
  voiceRegion: null,
  model: null,
  queueId: 3,
  queue: { id: 3, name: 'Vendas' },
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  hasApiKey: true,
  hasVoiceKey: false,
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

const row = (id: number, name: string): PromptRow => ({
  id,
  name,
  voice: 'texto',
  model: null,
  queueId: 3,
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  queue: { id: 3, name: 'Vendas' },
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const page: InfiniteData<Page> = {
    pages: [
      {
        prompts: [row(1, 'Assistente de vendas'), row(2, 'Triagem')],
        count: 2,
        hasMore: false,
      },
    ],
    pageParams: [1],
  };
  client.setQueryData(promptKeys.page(''), page);
  client.setQueryData(promptKeys.picker(), [{ id: 1, name: 'Assistente de vendas' }]);
  return { client, context: { client, companyId: 2, userId: 7 } };
}

const rows = (client: QueryClient) =>
  client.getQueryData<InfiniteData<Page>>(promptKeys.page(''))!.pages[0]!.prompts;
const invalid = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('promptSocketBinding', () => {
  it('patches a loaded prompt (its queue and max tokens) and sets its detail', () => {
    const { client, context } = setup();
    applySocketEvent(
      promptSocketBinding,
      {
        action: 'update',
        prompt: detail({ queueId: 4, queue: { id: 4, name: 'Suporte' }, maxTokens: 300 }),
      },
      context,
    );
    expect(rows(client)[0]).toMatchObject({
      id: 1,
      queue: { id: 4, name: 'Suporte' },
      maxTokens: 300,
    });
    expect(rows(client)[0]).not.toHaveProperty('prompt');
    expect(rows(client)[0]).not.toHaveProperty('hasApiKey');
    expect(client.getQueryData(promptKeys.detail(1))).toMatchObject({ maxTokens: 300 });
    expect(invalid(client, promptKeys.page(''))).toBe(false);
    expect(invalid(client, promptKeys.picker())).toBe(true);
  });

  it('drops a deleted prompt and refetches the pages on a create or a rename', () => {
    const { client, context } = setup();
    applySocketEvent(promptSocketBinding, { action: 'delete', promptId: 2 }, context);
    expect(rows(client).map((r) => r.id)).toEqual([1]);
    expect(invalid(client, promptKeys.page(''))).toBe(false);

    applySocketEvent(
      promptSocketBinding,
      { action: 'update', prompt: detail({ name: 'Assistente comercial' }) },
      context,
    );
    expect(invalid(client, promptKeys.page(''))).toBe(true);
  });

  it('refetches the pages on a create', () => {
    const { client, context } = setup();
    applySocketEvent(promptSocketBinding, { action: 'create', prompt: detail({ id: 5 }) }, context);
    expect(invalid(client, promptKeys.page(''))).toBe(true);
  });
});
