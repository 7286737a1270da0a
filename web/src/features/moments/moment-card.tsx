import type { MomentTicket } from '@atendo/domain';
import { Eye, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { cardMessage, cardName, cardTime } from './moment-format';

/** One ticket line of a card: contact, last message, connection, queue and time. */
function MomentLine({ ticket, now }: { ticket: MomentTicket; now: Date }) {
  const { t } = useTranslation();
  const unread = ticket.unreadMessages > 0;
  return (
    <li className="flex items-start gap-3 border-b py-2 last:border-b-0" data-testid="moment-line">
      <Avatar className="size-9">
        {ticket.contact.urlPicture && <AvatarImage src={ticket.contact.urlPicture} alt="" />}
        <AvatarFallback>{ticket.contact.name.slice(0, 1).toUpperCase()}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <div className="truncate font-medium" title={ticket.contact.name}>
          {cardName(ticket.contact.name)}
        </div>
        <div className="text-sm text-muted-foreground" title={ticket.lastMessage ?? ''}>
          {cardMessage(ticket.lastMessage)}
        </div>
        <div className="mt-1 flex flex-wrap gap-1">
          {ticket.whatsapp && (
            <Badge variant="secondary" className="text-[0.65rem]">
              {ticket.whatsapp.name}
            </Badge>
          )}
          <Badge
            className="text-[0.65rem] text-white"
            style={{ backgroundColor: ticket.queue?.color ?? '#7c7c7c' }}
          >
            {ticket.queue?.name.toUpperCase() ?? t('moments.noQueue')}
          </Badge>
        </div>
      </div>
      <div className="flex flex-col items-end gap-1">
        <time
          dateTime={ticket.updatedAt}
          className={cn('text-xs', unread ? 'font-bold text-green-600' : 'text-muted-foreground')}
        >
          {cardTime(ticket.updatedAt, now)}
        </time>
        {ticket.canOpen && (
          <Link
            to={`/tickets/${ticket.uuid}`}
            aria-label={t('moments.open')}
            title={t('moments.open')}
            className="text-muted-foreground hover:text-foreground"
          >
            <Eye className="size-4" />
          </Link>
        )}
      </div>
    </li>
  );
}

/**
 * A card of the panel: one user's tickets (name, online dot, count), or the Pendentes card for
 * tickets nobody holds.
 */
export function MomentCard({
  title,
  online,
  pending = false,
  tickets,
  now = new Date(),
}: {
  title: string;
  online?: boolean;
  pending?: boolean;
  tickets: MomentTicket[];
  now?: Date;
}) {
  const { t } = useTranslation();
  return (
    <Card className="w-full max-w-sm gap-2 py-4" aria-label={title} role="region">
      <CardHeader className="flex items-center gap-3 px-4">
        <Avatar className="size-10">
          <AvatarFallback>{title.slice(0, 1).toUpperCase()}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <CardTitle className="flex items-center gap-2 text-base">
            {title}
            {pending && <TriangleAlert className="size-4 text-yellow-500" aria-hidden />}
            {online !== undefined && (
              <span
                className={cn('size-2 rounded-full', online ? 'bg-green-500' : 'bg-gray-400')}
                title={online ? t('moments.online') : t('moments.offline')}
              />
            )}
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {t('moments.services', { count: tickets.length })}
          </p>
        </div>
      </CardHeader>
      <CardContent className="max-h-96 overflow-y-auto px-4">
        <ul>
          {tickets.map((ticket) => (
            <MomentLine key={ticket.id} ticket={ticket} now={now} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
