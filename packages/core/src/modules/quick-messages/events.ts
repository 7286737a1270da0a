import type { QuickMessageView } from '@atendo/domain';

/** The domain events the quick-messages module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface QuickMessagesEvents {
  'quick_message.created': { companyId: number; record: QuickMessageView };
  /** `wasShared`: whether it was geral before, so those who lose sight of it are told. */
  'quick_message.updated': { companyId: number; record: QuickMessageView; wasShared: boolean };
  'quick_message.deleted': { companyId: number; id: number; userId: number | null; geral: boolean };
}
