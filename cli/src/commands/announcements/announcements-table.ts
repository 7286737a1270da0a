import type { AnnouncementView } from '@atendo/domain';
import { formatDateTime } from '../../format.js';
import type { RenderTableOptions } from '../../ui/index.js';
import { priorityLabel } from './priority.js';

/** Titles may run to 200 characters; the table shows their start (--json has them whole). */
const TITLE_WIDTH = 50;

function shorten(text: string, width: number): string {
  const chars = [...text];
  return chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : text;
}

/** The announcements table: title, priority, whether companies see it, and when it was written. */
export function announcementsTable(
  announcements: Pick<AnnouncementView, 'id' | 'title' | 'priority' | 'status' | 'createdAt'>[],
): RenderTableOptions {
  return {
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'Title' },
      { header: 'Priority' },
      { header: 'Status' },
      { header: 'Created (UTC)' },
    ],
    rows: announcements.map((a) => [
      String(a.id),
      shorten(a.title, TITLE_WIDTH),
      priorityLabel(a.priority),
      a.status ? 'active' : 'inactive',
      formatDateTime(a.createdAt),
    ]),
    empty: 'No announcements yet.',
  };
}
