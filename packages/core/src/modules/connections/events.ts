import type { WhatsappView } from '@atendo/domain';

/** The domain events the connections module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface ConnectionsEvents {
  'whatsapp.created': { companyId: number; whatsapp: WhatsappView };
  'whatsapp.updated': { companyId: number; whatsapp: WhatsappView };
  'whatsapp.deleted': { companyId: number; whatsappId: number };
  'whatsapp.session_changed': { companyId: number; whatsapp: WhatsappView };
}
