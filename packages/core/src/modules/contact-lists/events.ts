import type { ContactListItemViewRow } from '@atendo/domain';

/** The domain events the contact-lists module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface ContactListsEvents {
  /** A contact list was created, renamed, or its item counts changed. */
  'contact_list.created': { companyId: number; contactListId: number };
  'contact_list.updated': { companyId: number; contactListId: number };
  'contact_list.deleted': { companyId: number; contactListId: number };
  'contact_list_item.created': { companyId: number; record: ContactListItemViewRow };
  'contact_list_item.updated': { companyId: number; record: ContactListItemViewRow };
  'contact_list_item.deleted': { companyId: number; id: number; contactListId: number };
  /** Many items of a list changed at once (an import): lists showing it reload. */
  'contact_list_item.reloaded': { companyId: number; contactListId: number };
}
