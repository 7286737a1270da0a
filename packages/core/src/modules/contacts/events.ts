import type { ContactViewRow } from '@atendo/domain';

/** The domain events the contacts module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface ContactsEvents {
  'contact.created': { companyId: number; contact: ContactViewRow };
  'contact.updated': { companyId: number; contact: ContactViewRow };
  'contact.deleted': { companyId: number; contactId: number };
}
