import type { PromptDetailView } from '@atendo/domain';

/** The domain events the prompts module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface PromptsEvents {
  'prompt.saved': { companyId: number; prompt: PromptDetailView; action: 'create' | 'update' };
  'prompt.deleted': { companyId: number; id: number };
}
