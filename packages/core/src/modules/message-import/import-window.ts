import type { Whatsapp } from '../../db/entities/index.js';

/** What decides which history messages a connection imports (docs/product/connections.md#import-of-old-messages). */
export interface ImportWindow {
  enabled: boolean;
  from: Date | null;
  /** Upper bound; null = up to now. */
  to: Date | null;
  groups: boolean;
}

export function importWindowOf(
  w: Pick<Whatsapp, 'importOldMessages' | 'importRecentMessages' | 'importOldMessagesGroups'>,
): ImportWindow {
  return {
    enabled: w.importOldMessages !== null,
    from: w.importOldMessages,
    to: w.importRecentMessages,
    groups: w.importOldMessagesGroups,
  };
}

/** Whether a message sent at `sentAt` (in a group or not) is one to import. */
export function inImportWindow(
  win: ImportWindow,
  m: { sentAt: Date; isGroup: boolean },
  now = new Date(),
): boolean {
  if (!win.enabled || !win.from) return false;
  if (m.isGroup && !win.groups) return false;
  const to = win.to ?? now;
  return m.sentAt.getTime() >= win.from.getTime() && m.sentAt.getTime() <= to.getTime();
}
