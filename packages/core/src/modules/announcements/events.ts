import type { AnnouncementView } from '@atendo/domain';

/** The domain events the announcements module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface AnnouncementsEvents {
  /** A platform announcement was created or changed (shown to every company). */
  'announcement.changed': { action: 'create' | 'update'; record: AnnouncementView };
  'announcement.deleted': { id: number };
}
