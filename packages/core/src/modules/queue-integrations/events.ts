import type { QueueIntegrationDetailView } from '@atendo/domain';

/** The domain events the queue-integrations module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface QueueIntegrationsEvents {
  'queue_integration.saved': {
    companyId: number;
    queueIntegration: QueueIntegrationDetailView;
    action: 'create' | 'update';
  };
  'queue_integration.deleted': { companyId: number; id: number };
}
