import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TopBarPopover } from '@/features/shell/empty-popover';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { config } from '@/lib/config';
import { cn } from '@/lib/utils';
import { PRIORITY_CLASS, priorityKey } from './announcement-priority';
import { useAnnouncementsLive } from './live';
import { useCompanyAnnouncements } from './queries';
import { useAnnouncementReadState } from './read-state';

/**
 * The top bar's announcements (docs/product/internal-chat-and-announcements.md, docs/product/internal-chat-and-announcements.md): the platform's active notices, priority
 * colour, title, text and image, kept live; the badge counts those this user has not seen
 * in this browser, and opening the popover marks them seen.
 */
export function AnnouncementsPopover() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  useAnnouncementsLive();
  const list = useCompanyAnnouncements();
  const records = list.data?.records ?? [];
  const { read, markRead } = useAnnouncementReadState(me.id);
  const unread = records.filter((r) => !read.has(r.id)).length;

  return (
    <TopBarPopover
      icon={Megaphone}
      label={t('shell.announcements')}
      empty={t('shell.noAnnouncements')}
      count={unread}
      countLabel={t('announcements.unread', { count: unread })}
      onOpenChange={(open) => {
        if (open && unread > 0) markRead(records.map((r) => r.id));
      }}
    >
      {records.length ? (
        <ul aria-label={t('shell.announcements')} className="divide-y">
          {records.map((record) => (
            <li
              key={record.id}
              className={cn('border-l-4 px-4 py-3', PRIORITY_CLASS[record.priority])}
            >
              <p className="flex items-center justify-between gap-2 text-sm font-semibold">
                <span className="break-words">{record.title}</span>
                <span className="shrink-0 text-xs font-normal text-muted-foreground">
                  {t(priorityKey(record.priority))}
                </span>
              </p>
              <p className="mt-1 text-sm whitespace-pre-wrap text-muted-foreground">
                {record.text}
              </p>
              {record.mediaUrl ? (
                <img
                  src={`${config.apiUrl}${record.mediaUrl}`}
                  alt={t('announcements.image', { title: record.title })}
                  loading="lazy"
                  className="mt-2 max-h-40 w-full rounded-md object-contain"
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </TopBarPopover>
  );
}
