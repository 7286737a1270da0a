import type { TagView } from '@atendo/domain';

/** The domain events the tags module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface TagsEvents {
  'tag.created': { companyId: number; tag: TagView };
  'tag.updated': { companyId: number; tag: TagView };
  'tag.deleted': { companyId: number; tagId: number };
  /** A ticket's tags (its kanban lane) changed: the ticket's views must show it. */
  'ticket.tags_changed': { companyId: number; ticketId: number };
  /** A contact's tags changed (sync, removal from a tag). */
  'contact.tags_changed': { companyId: number; contactId: number };
}
